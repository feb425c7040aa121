import Foundation
import ParleyDialogue
import ParleyGrammar

/// Mono 16-bit PCM and its rate: what the daemon hands to recognition and gets from synthesis.
public struct SpeechAudio: Sendable, Equatable {
    /// Signed 16-bit samples, one channel.
    public var samples: [Int16]
    /// Samples per second.
    public var sampleRate: Int

    /// `samples` at `sampleRate`.
    public init(samples: [Int16], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    /// `duration` of silence at `sampleRate`.
    public init(silence duration: Duration, sampleRate: Int) {
        self.init(samples: [Int16](repeating: 0, count: Endpointer.samples(duration, rate: sampleRate)), sampleRate: sampleRate)
    }

    /// The length.
    public var duration: Duration {
        sampleRate > 0 ? .milliseconds(Int64(samples.count) * 1000 / Int64(sampleRate)) : .zero
    }
}

/// What recognition heard: words and a confidence in 0…1.
public struct HeardSpeech: Sendable, Equatable {
    /// The words, as text (empty: nothing in the grammar fit).
    public var text: String
    /// How sure the recognizer is.
    public var confidence: Double

    /// `text` heard with `confidence`.
    public init(text: String, confidence: Double) {
        self.text = text
        self.confidence = confidence
    }
}

/// What an utterance is listened for: the grammar to decode it with.
public struct ListeningContext: Sendable {
    /// The tables the conversation runs on.
    public var compiled: CompiledTable
    /// Their generation (grammars can be cached by it).
    public var generation: Int
    /// The question being answered; nil at the top level (shortcut phrases and global commands).
    public var question: Question?
    /// The grammar of the awaited answer (its plain answers and the intent's sentences); nil at
    /// the top level, or when the answer is open (free text, times, dates).
    public var answers: AnswerGrammar?
    /// Whether parleyd's endpointer cut the audio (it starts and ends in silence already, so
    /// the recognizer need not pad it).
    public var isEndpointed = false
    /// How much of the start of the audio comes before speech (the endpointer's pre-roll): the
    /// recognizer may learn the room's noise from it. Zero when unknown.
    public var leadIn: Duration = .zero
    /// Local audio waiting for its wake phrase: the utterance is the wake phrase, alone or
    /// followed by a top-level phrase. Nil otherwise.
    public var wakePhrase: String?

    /// Whether the awaited answer is open (free text, a time, a date): a question with no
    /// grammar of answers, decoded by dictation with the large language model.
    public var isOpenAnswer: Bool { question != nil && answers == nil && wakePhrase == nil }

    /// A context for `question` (nil: top level) on `compiled` of `generation`, or for
    /// `wakePhrase` (optionally followed by a top-level phrase).
    public init(compiled: CompiledTable, generation: Int, question: Question?, answers: AnswerGrammar? = nil, wakePhrase: String? = nil) {
        self.compiled = compiled
        self.generation = generation
        self.question = question
        self.answers = answers
        self.wakePhrase = wakePhrase
    }
}

/// Speech recognition as the daemon needs it. Implementations take mono 16-bit audio at any
/// rate (converting to their own) and decode it with the grammar of `context`.
public protocol SpeechRecognizing: Sendable {
    /// The words heard in `audio`.
    func recognize(_ audio: SpeechAudio, context: ListeningContext) async throws -> HeardSpeech
    /// Gets ready to hear utterances in `context` (builds and registers its grammar ahead of
    /// the first utterance, at start and after a reload).
    func prepare(_ context: ListeningContext) async throws
    /// Opens an utterance that is heard while it is spoken: mono audio at `sampleRate` is fed
    /// as it arrives, and when it ends only the end of recognition remains.
    func stream(sampleRate: Int, context: ListeningContext) -> any UtteranceStream
}

extension SpeechRecognizing {
    /// Nothing to prepare.
    public func prepare(_ context: ListeningContext) async throws {}

    /// A stream that collects the audio and recognizes it when it ends (engines that cannot
    /// decode as audio arrives).
    public func stream(sampleRate: Int, context: ListeningContext) -> any UtteranceStream {
        CollectingUtteranceStream(sampleRate: sampleRate) { audio in try await self.recognize(audio, context: context) }
    }
}

/// An utterance being heard while it is spoken. Feed it in order; `finish` once. A stream
/// dropped unfinished is abandoned and gives back what it holds.
public protocol UtteranceStream: AnyObject, Sendable {
    /// The next audio of the utterance.
    func feed(_ samples: ArraySlice<Int16>)
    /// Ends the utterance and waits for what was heard.
    func finish() async throws -> HeardSpeech
}

/// A stream that keeps the audio and recognizes it all at the end.
public final class CollectingUtteranceStream: UtteranceStream, @unchecked Sendable {
    private let lock = NSLock()
    private var samples: [Int16] = []
    private let sampleRate: Int
    private let recognize: @Sendable (SpeechAudio) async throws -> HeardSpeech

    /// A stream of audio at `sampleRate` that `recognize` hears when it ends.
    public init(sampleRate: Int, recognize: @escaping @Sendable (SpeechAudio) async throws -> HeardSpeech) {
        self.sampleRate = sampleRate
        self.recognize = recognize
    }

    public func feed(_ samples: ArraySlice<Int16>) {
        lock.withLock { self.samples += samples }
    }

    public func finish() async throws -> HeardSpeech {
        let audio = lock.withLock { SpeechAudio(samples: samples, sampleRate: sampleRate) }
        return try await recognize(audio)
    }
}

/// Speech synthesis as the daemon needs it.
public protocol SpeechSynthesizing: Sendable {
    /// `text` spoken with `voice` (nil: the default voice), as mono 16-bit audio.
    func synthesize(_ text: String, voice: String?) async throws -> SpeechAudio
}

/// Why speech could not be used.
public struct SpeechUnavailable: Error, Sendable, CustomStringConvertible {
    /// Which engine is missing.
    public var engine: String
    public var description: String { "\(engine) is not available in this build" }
}

/// The engines the daemon speaks and hears with; nil when this build has none.
public struct SpeechEngines: Sendable {
    /// Recognition, for ASR and pipelines.
    public var recognizer: (any SpeechRecognizing)?
    /// Synthesis, for TTS and pipelines.
    public var synthesizer: (any SpeechSynthesizing)?
    /// The recognizer's name for `info`.
    public var recognizerName: String
    /// The synthesizer's name for `info`.
    public var synthesizerName: String
    /// Converts audio to another rate (for `snd-rate`); nil: audio is played at its own rate.
    public var resampler: (@Sendable (SpeechAudio, Int) throws -> SpeechAudio)?

    /// Engines `recognizer` and `synthesizer`.
    public init(recognizer: (any SpeechRecognizing)?, synthesizer: (any SpeechSynthesizing)?,
                recognizerName: String = "pocketsphinx", synthesizerName: String = "espeak-ng") {
        self.recognizer = recognizer
        self.synthesizer = synthesizer
        self.recognizerName = recognizerName
        self.synthesizerName = synthesizerName
    }

    /// No speech: handle, ping and describe work; ASR and TTS answer an error.
    public static let none = SpeechEngines(recognizer: nil, synthesizer: nil)
}
