import ParleyJSON

/// A frame whose type Parley models but whose data does not fit it (a chunk without a rate,
/// a transcript without text). The stream is still in step: the peer gets an `error` event
/// and the connection stays open.
public struct WyomingEventError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The frame's type.
    public var type: String
    /// What is missing or wrong.
    public var reason: String

    public var description: String { "\(type): \(reason)" }
}

extension WyomingEvent {
    /// The typed event of `frame`; unknown types become `.other(frame)`.
    public init(frame: WyomingFrame) throws(WyomingEventError) {
        let reader = DataReader(type: frame.type, data: frame.data)
        switch frame.type {
        case "describe": self = .describe
        case "info": self = .info(try WyomingInfo(data: frame.data, reader: reader))
        case "transcribe":
            self = .transcribe(Transcribe(name: try reader.string("name"), language: try reader.string("language"),
                                          context: try reader.object("context")))
        case "transcript":
            self = .transcript(Transcript(text: try reader.required(reader.string("text"), "text"),
                                          language: try reader.string("language"), context: try reader.object("context")))
        case "synthesize":
            self = .synthesize(Synthesize(text: try reader.required(reader.string("text"), "text"),
                                          voice: try reader.object("voice"), context: try reader.object("context")))
        case "audio-start": self = .audioStart(try reader.format(), timestamp: reader.timestamp())
        case "audio-chunk":
            self = .audioChunk(AudioChunk(format: try reader.format(), timestamp: reader.timestamp(), audio: frame.payload))
        case "audio-stop": self = .audioStop(timestamp: reader.timestamp())
        case "handled": self = .handled(text: try reader.string("text"), context: try reader.object("context"))
        case "not-handled": self = .notHandled(text: try reader.string("text"), context: try reader.object("context"))
        case "run-pipeline": self = .runPipeline(try reader.runPipeline())
        case "run-satellite": self = .runSatellite
        case "pause-satellite": self = .pauseSatellite
        case "detection": self = .detection(name: try reader.string("name"), timestamp: reader.timestamp())
        case "voice-started": self = .voiceStarted(timestamp: reader.timestamp())
        case "voice-stopped": self = .voiceStopped(timestamp: reader.timestamp())
        case "played": self = .played
        case "ping": self = .ping(text: try reader.string("text"))
        case "pong": self = .pong(text: try reader.string("text"))
        case "error": self = .error(text: try reader.string("text") ?? "", code: try reader.string("code"))
        default: self = .other(frame)
        }
    }

    /// The frame that carries this event (optional members left out when nil).
    public var frame: WyomingFrame {
        var data: [String: JSONValue] = [:]
        func put(_ key: String, _ value: JSONValue?) { if let value, value != .null { data[key] = value } }
        func put(_ key: String, _ object: [String: JSONValue]?) { put(key, object.map(JSONValue.object)) }
        func put(_ format: AudioFormat, _ timestamp: Int?) {
            data["rate"] = .integer(format.rate)
            data["width"] = .integer(format.width)
            data["channels"] = .integer(format.channels)
            put("timestamp", timestamp.map(JSONValue.integer))
        }
        let type: String
        var payload: [UInt8] = []
        switch self {
        case .describe: type = "describe"
        case .info(let info):
            type = "info"
            data = info.data
        case .transcribe(let request):
            type = "transcribe"
            put("name", JSONValue(request.name))
            put("language", JSONValue(request.language))
            put("context", request.context)
        case .transcript(let transcript):
            type = "transcript"
            data["text"] = .string(transcript.text)
            put("language", JSONValue(transcript.language))
            put("context", transcript.context)
        case .synthesize(let request):
            type = "synthesize"
            data["text"] = .string(request.text)
            put("voice", request.voice)
            put("context", request.context)
        case .audioStart(let format, let timestamp):
            type = "audio-start"
            put(format, timestamp)
        case .audioChunk(let chunk):
            type = "audio-chunk"
            put(chunk.format, chunk.timestamp)
            payload = chunk.audio
        case .audioStop(let timestamp):
            type = "audio-stop"
            put("timestamp", timestamp.map(JSONValue.integer))
        case .handled(let text, let context), .notHandled(let text, let context):
            if case .handled = self { type = "handled" } else { type = "not-handled" }
            put("text", JSONValue(text))
            put("context", context)
        case .runPipeline(let run):
            type = "run-pipeline"
            data["start_stage"] = .string(run.startStage.rawValue)
            data["end_stage"] = .string(run.endStage.rawValue)
            data["restart_on_end"] = .bool(run.restartOnEnd)
            put("wake_word_name", JSONValue(run.wakeWordName))
            put("announce_text", JSONValue(run.announceText))
        case .runSatellite: type = "run-satellite"
        case .pauseSatellite: type = "pause-satellite"
        case .detection(let name, let timestamp):
            type = "detection"
            put("name", JSONValue(name))
            put("timestamp", timestamp.map(JSONValue.integer))
        case .voiceStarted(let timestamp), .voiceStopped(let timestamp):
            if case .voiceStarted = self { type = "voice-started" } else { type = "voice-stopped" }
            put("timestamp", timestamp.map(JSONValue.integer))
        case .played: type = "played"
        case .ping(let text), .pong(let text):
            if case .ping = self { type = "ping" } else { type = "pong" }
            put("text", JSONValue(text))
        case .error(let text, let code):
            type = "error"
            data["text"] = .string(text)
            put("code", JSONValue(code))
        case .other(let frame): return frame
        }
        return WyomingFrame(type: type, data: data, payload: payload)
    }
}

/// Typed access to an event's data, with errors that name the member.
struct DataReader {
    let type: String
    let data: [String: JSONValue]

    func fail(_ reason: String) -> WyomingEventError { WyomingEventError(type: type, reason: reason) }

    func string(_ key: String) throws(WyomingEventError) -> String? {
        switch data[key] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        default: throw fail("\(key) is not a string")
        }
    }

    func integer(_ key: String) throws(WyomingEventError) -> Int? {
        switch data[key] {
        case nil, .null?: return nil
        case let value?:
            guard let number = value.intValue else { throw fail("\(key) is not an integer") }
            return number
        }
    }

    func object(_ key: String) throws(WyomingEventError) -> [String: JSONValue]? {
        switch data[key] {
        case nil, .null?: return nil
        case .object(let value)?: return value
        default: throw fail("\(key) is not an object")
        }
    }

    func required<T>(_ value: T?, _ key: String) throws(WyomingEventError) -> T {
        guard let value else { throw fail("\(key) is missing") }
        return value
    }

    /// Timestamps are informational and unreliable; one that is not a number is dropped.
    func timestamp() -> Int? { data["timestamp"]?.intValue }

    func format() throws(WyomingEventError) -> AudioFormat {
        AudioFormat(rate: try required(integer("rate"), "rate"), width: try required(integer("width"), "width"),
                    channels: try required(integer("channels"), "channels"))
    }

    func runPipeline() throws(WyomingEventError) -> RunPipeline {
        func stage(_ key: String) throws(WyomingEventError) -> PipelineStage {
            let name = try required(string(key), key)
            guard let stage = PipelineStage(rawValue: name) else { throw fail("\(key) \(name) is not a stage") }
            return stage
        }
        let restart: Bool
        switch data["restart_on_end"] {
        case nil, .null?: restart = false
        case .bool(let value)?: restart = value
        default: throw fail("restart_on_end is not a boolean")
        }
        return RunPipeline(startStage: try stage("start_stage"), endStage: try stage("end_stage"), restartOnEnd: restart,
                           wakeWordName: try string("wake_word_name"), announceText: try string("announce_text"))
    }
}
