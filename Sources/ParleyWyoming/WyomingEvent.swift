import ParleyJSON

/// A Wyoming event Parley understands, as a value. Types Parley does not model arrive as
/// `.other` with their frame untouched, so they can be ignored (or passed on) losslessly.
/// `WyomingEvent(frame:)` and `frame` convert; see `WyomingEvent+Frame.swift`.
public enum WyomingEvent: Sendable, Hashable {
    /// `describe`: asks for `info`.
    case describe
    /// `info`: the programs this peer offers.
    case info(WyomingInfo)
    /// `transcribe`: the audio that follows is to be transcribed.
    case transcribe(Transcribe)
    /// `transcript`: text heard (ASR's answer; a handle service's input).
    case transcript(Transcript)
    /// `synthesize`: speak `text`.
    case synthesize(Synthesize)
    /// `audio-start`: an audio stream begins.
    case audioStart(AudioFormat, timestamp: Int?)
    /// `audio-chunk`: audio.
    case audioChunk(AudioChunk)
    /// `audio-stop`: the audio stream ended.
    case audioStop(timestamp: Int?)
    /// `handled`: a handle service's answer (text to speak).
    case handled(text: String?, context: [String: JSONValue]?)
    /// `not-handled`: the handle service could not help.
    case notHandled(text: String?, context: [String: JSONValue]?)
    /// `run-pipeline`: run the stages from `startStage` to `endStage`.
    case runPipeline(RunPipeline)
    /// `run-satellite`: a satellite is asked to start streaming.
    case runSatellite
    /// `pause-satellite`: a satellite is asked to pause.
    case pauseSatellite
    /// `detection`: a wake word was heard.
    case detection(name: String?, timestamp: Int?)
    /// `voice-started`: speech began (from a peer's own VAD).
    case voiceStarted(timestamp: Int?)
    /// `voice-stopped`: speech ended.
    case voiceStopped(timestamp: Int?)
    /// `played`: a satellite finished playing the reply.
    case played
    /// `ping`: answered by `pong` with the same text.
    case ping(text: String?)
    /// `pong`: the answer to `ping`.
    case pong(text: String?)
    /// `error`: something went wrong; `code` is short and machine-readable.
    case error(text: String, code: String?)
    /// Any other event, untouched.
    case other(WyomingFrame)
}

/// `transcribe {name?, language?, context?}`.
public struct Transcribe: Sendable, Hashable {
    /// The model (Parley: the grammar) to use; nil for the default.
    public var name: String?
    /// The language asked for (`en`).
    public var language: String?
    /// Whatever the peer wants echoed back.
    public var context: [String: JSONValue]?

    /// A `transcribe` event.
    public init(name: String? = nil, language: String? = nil, context: [String: JSONValue]? = nil) {
        self.name = name
        self.language = language
        self.context = context
    }
}

/// `transcript {text, language?, context?}`.
public struct Transcript: Sendable, Hashable {
    /// The words.
    public var text: String
    /// The language of `text`.
    public var language: String?
    /// For a handle service, `conversation_id` here ties the turns of one conversation.
    public var context: [String: JSONValue]?

    /// A `transcript` event.
    public init(text: String, language: String? = nil, context: [String: JSONValue]? = nil) {
        self.text = text
        self.language = language
        self.context = context
    }

    /// `context.conversation_id`, when it is a non-empty string.
    public var conversationID: String? {
        guard let id = context?["conversation_id"]?.stringValue, !id.isEmpty else { return nil }
        return id
    }
}

/// `synthesize {text, voice?{name?, speaker?, language?}, context?}`.
public struct Synthesize: Sendable, Hashable {
    /// What to say.
    public var text: String
    /// The voice asked for: `name`, `speaker` or `language` members.
    public var voice: [String: JSONValue]?
    /// Whatever the peer wants echoed back.
    public var context: [String: JSONValue]?

    /// A `synthesize` event.
    public init(text: String, voice: [String: JSONValue]? = nil, context: [String: JSONValue]? = nil) {
        self.text = text
        self.voice = voice
        self.context = context
    }
}

/// A stage of a Wyoming pipeline.
public enum PipelineStage: String, Sendable, Hashable, CaseIterable {
    case wake, asr, intent, handle, tts
}

/// `run-pipeline {start_stage, end_stage, restart_on_end, wake_word_name?, announce_text?}`.
public struct RunPipeline: Sendable, Hashable {
    /// The first stage to run.
    public var startStage: PipelineStage
    /// The last stage to run.
    public var endStage: PipelineStage
    /// Whether the peer wants the pipeline run again when it ends.
    public var restartOnEnd: Bool
    /// The wake word that started it, if any.
    public var wakeWordName: String?
    /// Text to speak before the pipeline (an announcement), if any.
    public var announceText: String?

    /// A `run-pipeline` event.
    public init(startStage: PipelineStage, endStage: PipelineStage, restartOnEnd: Bool = false,
                wakeWordName: String? = nil, announceText: String? = nil) {
        self.startStage = startStage
        self.endStage = endStage
        self.restartOnEnd = restartOnEnd
        self.wakeWordName = wakeWordName
        self.announceText = announceText
    }
}
