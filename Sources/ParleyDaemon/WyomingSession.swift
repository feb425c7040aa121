import Logging
import ParleyWyoming

/// One connection's protocol state and the roles it serves: `describe`, `ping`, handle
/// (`transcript`), ASR (`transcribe` + audio), TTS (`synthesize`) and pipelines
/// (`run-pipeline` + streamed audio). Owned by the connection's task; frames go in one at a
/// time, replies go out through `writer`. The same session runs in tests without a socket.
public struct WyomingSession {
    enum Mode {
        case idle
        case transcribing(AudioTurn)
        case pipeline(PipelineTurn)
    }

    let context: DaemonContext
    let writer: any WyomingEventWriter
    /// The conversation a connection's turns belong to when they carry no `conversation_id`.
    let connectionConversation: String
    var logger: Logger
    var mode = Mode.idle
    /// When the last audio of the turn being heard arrived (`checkAudioStall`).
    var lastAudio: ContinuousClock.Instant?

    /// A session for connection number `connectionID` writing to `writer`.
    public init(context: DaemonContext, connectionID: Int, writer: any WyomingEventWriter) {
        self.context = context
        self.writer = writer
        connectionConversation = "connection-\(connectionID)"
        logger = context.logger
        logger[metadataKey: "connection.id"] = "\(connectionID)"
    }

    /// Handles one frame. Throws only when a reply cannot be written (the connection is gone);
    /// every other failure is logged and answered with an `error` event.
    public mutating func receive(_ frame: WyomingFrame) async throws {
        if frame.type == WyomingFrame.quiet.type {
            try await checkAudioStall(now: .now)
            return
        }
        let event: WyomingEvent
        do {
            event = try WyomingEvent(frame: frame)
        } catch {
            logger.notice("invalid event", metadata: ["wyoming.type": "\(frame.type)", "error": "\(error)"])
            try await writer.write(PeerError(code: "invalid-event", text: "Parley could not read that \(frame.type) event: \(error.reason).").event)
            return
        }
        do {
            try await dispatch(event)
        } catch let error as PeerError {
            mode = .idle
            logger.notice("request refused", metadata: ["error.code": "\(error.code)"])
            try await writer.write(error.event)
        } catch let error as WriteFailure {
            throw error.underlying
        } catch {
            mode = .idle
            logger.error("request failed", metadata: ["wyoming.type": "\(frame.type)", "error": "\(error)"])
            try await writer.write(PeerError.internalError.event)
        }
    }

    private mutating func dispatch(_ event: WyomingEvent) async throws {
        switch event {
        case .describe: try await send(.info(DaemonInfo.make(context)))
        case .ping(let text): try await send(.pong(text: text))
        case .transcript(let transcript): try await transcriptReceived(transcript)
        case .transcribe(let request): try beginTranscription(request)
        case .audioStart(let format, _):
            lastAudio = .now
            try audioStarted(format)
        case .audioChunk(let chunk):
            lastAudio = .now
            try await audioReceived(chunk)
        case .audioStop: try await audioStopped()
        case .synthesize(let request):
            _ = try await speak(request.text, voice: request.voice?["name"]?.stringValue)
        case .runPipeline(let run): try await startPipeline(run)
        case .played: playbackFinished()
        default:
            logger.debug("event ignored", metadata: ["wyoming.type": "\(event.frame.type)"])
        }
    }

    /// Writes `event`; a failure means the connection is gone, so it is not answered.
    func send(_ event: WyomingEvent) async throws {
        do {
            try await writer.write(event)
        } catch {
            throw WriteFailure(underlying: error)
        }
    }

    // MARK: - Handle

    private mutating func transcriptReceived(_ transcript: Transcript) async throws {
        if case .pipeline(let turn) = mode, turn.awaitsTranscript {
            mode = .idle
            try await respond(to: HeardSpeech(text: transcript.text, confidence: 1), in: turn, confidence: nil)
            return
        }
        let id = transcript.conversationID ?? connectionConversation
        let outcome = try await runTurn(id, text: transcript.text, confidence: nil)
        var replyContext = transcript.context ?? [:]
        replyContext["conversation_id"] = .string(id)
        let text = outcome.spokenText
        try await send(outcome.understood ? .handled(text: text, context: replyContext) : .notHandled(text: text, context: replyContext))
    }

    /// One dialogue turn, logged with this connection's metadata.
    func runTurn(_ id: String, text: String, confidence: Double?) async throws -> TurnOutcome {
        try await context.conversations.turn(id, text: text, confidence: confidence, logger: logger)
    }
}

/// A reply could not be written: the connection is gone.
struct WriteFailure: Error {
    var underlying: any Error
}

extension Duration {
    /// Whole milliseconds.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// As a sentence says it: "10 seconds", "1 second", "0.5 seconds".
    var spokenSeconds: String {
        let seconds = Double(milliseconds) / 1000
        if seconds == 1 { return "1 second" }
        let number = seconds == seconds.rounded() ? "\(Int(seconds))" : "\((seconds * 10).rounded() / 10)"
        return "\(number) seconds"
    }
}
