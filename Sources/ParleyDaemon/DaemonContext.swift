import Logging
import ParleyWyoming

/// What every connection shares: configuration, phrase tables, conversations, speech, logs.
public struct DaemonContext: Sendable {
    /// The configuration parleyd runs with.
    public var configuration: DaemonConfiguration
    /// The phrase tables (reloaded on SIGHUP).
    public var library: PhraseLibrary
    /// Every conversation going on.
    public var conversations: ConversationStore
    /// Speech engines (absent in builds without speech).
    public var speech: SpeechEngines
    /// The daemon's logger; sessions add their own metadata.
    public var logger: Logger

    /// A context of these parts.
    public init(configuration: DaemonConfiguration, library: PhraseLibrary, conversations: ConversationStore,
                speech: SpeechEngines, logger: Logger) {
        self.configuration = configuration
        self.library = library
        self.conversations = conversations
        self.speech = speech
        self.logger = logger
    }

    /// Registers the current tables' top-level grammar (and the wake grammar, with local audio)
    /// before the first utterance needs them.
    func prepareSpeech(logger: Logger) async {
        guard let recognizer = speech.recognizer else { return }
        let snapshot = library.current
        var contexts = [ListeningContext(compiled: snapshot.compiled, generation: snapshot.generation, question: nil)]
        if configuration.micCommand != nil, !configuration.wakePhrase.isEmpty {
            contexts.append(ListeningContext(compiled: snapshot.compiled, generation: snapshot.generation, question: nil,
                                             wakePhrase: configuration.wakePhrase))
        }
        let clock = ContinuousClock()
        let start = clock.now
        do {
            for context in contexts { try await recognizer.prepare(context) }
            logger.info("grammars ready", metadata: ["phrases.generation": "\(snapshot.generation)",
                                                     "timing.grammar_ms": "\((clock.now - start).milliseconds)"])
        } catch {
            logger.error("grammars could not be prepared", metadata: ["error": "\(error)"])
        }
    }

    /// Endpointing settings from the configuration.
    var endpointer: EndpointerSettings {
        var settings = EndpointerSettings()
        settings.endSilence = configuration.endpointSilence
        settings.listeningWindow = configuration.listeningWindow
        settings.minimumSpeechDecibels = configuration.speechLevel
        settings.maximumUtterance = configuration.maxAudioPerTurn
        return settings
    }
}

/// Where a session's replies go: a connection, or a test's list.
public protocol WyomingEventWriter: Sendable {
    /// Sends `event` to the peer.
    func write(_ event: WyomingEvent) async throws
}

/// An error a peer is told about: a short code and a sentence that can be spoken.
public struct PeerError: Error, Sendable, Equatable {
    /// Machine-readable (`asr-unavailable`, `audio-too-long`, …).
    public var code: String
    /// Human-readable, speakable.
    public var text: String

    /// An error `code` saying `text`.
    public init(code: String, text: String) {
        self.code = code
        self.text = text
    }

    /// The `error` event.
    public var event: WyomingEvent { .error(text: text, code: code) }

    /// Anything unexpected: a generic sentence, the details only in the log.
    public static let internalError = PeerError(code: "internal", text: "Sorry, something went wrong.")
    static let asrUnavailable = PeerError(code: "asr-unavailable", text: "Speech recognition is not available.")
    static let ttsUnavailable = PeerError(code: "tts-unavailable", text: "Speech synthesis is not available.")
    static let busy = PeerError(code: "busy", text: "Parley is serving too many connections; try again soon.")
    static let unsupportedAudio = PeerError(code: "unsupported-audio", text: "Parley takes 16-bit PCM audio, mono or stereo.")
    static func audioTimeout(_ limit: Duration) -> PeerError {
        PeerError(code: "audio-timeout", text: "No audio arrived for \(limit.spokenSeconds), so I stopped listening.")
    }
    static func audioTooLong(_ limit: Duration) -> PeerError {
        PeerError(code: "audio-too-long", text: "That was longer than \(limit.spokenSeconds), so I stopped listening.")
    }
}
