import ArgumentParser
import Foundation
import Logging
import ParleyDaemon
import ParleyDaemonSpeech

/// `parleyd`: the Parley daemon. Settings come from the configuration file, then `PARLEYD_…`
/// environment variables, then these flags (flags win).
@main
struct Parleyd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parleyd",
        abstract: "Parley's voice dialogue daemon: a Wyoming server for ASR, TTS, handle and pipelines.",
        discussion: """
            Settings are read from the configuration file (default \(ConfigurationSettings.defaultFile), when it \
            exists), then PARLEYD_<KEY> environment variables, then flags; later sources win. Durations are \
            written 300ms, 5s, 2m or as seconds. SIGHUP reloads the phrase tables when they check without errors; \
            SIGTERM stops gracefully.
            """
    )

    @Option(name: .long, help: "The configuration file (default \(ConfigurationSettings.defaultFile), or PARLEYD_CONFIG).")
    var config: String?

    @Option(name: .long, help: "Where to listen: tcp://HOST:PORT or unix:///path (repeatable; default tcp://127.0.0.1:10700).")
    var uri: [String] = []

    @Option(name: .long, help: "A satellite to dial and serve as Home Assistant does: tcp://HOST:PORT (repeatable).")
    var satellite: [String] = []

    @Option(name: .long, help: "The phrase tables: a folder or a file (default /usr/share/parley/phrases).")
    var phrases: String?

    @Option(name: .long, help: "trace, debug, info, notice, warning, error or critical (default info).")
    var logLevel: String?

    @Option(name: .long, help: "How long a handler may take to answer (default 5s).")
    var handlerTimeout: String?

    @Option(name: .long, help: "Forget a conversation idle this long (default 5m).")
    var conversationTimeout: String?

    @Option(name: .long, help: "Close a connection silent this long (default 5m).")
    var connectionTimeout: String?

    @Option(name: .long, help: "Connections served at once (default 64).")
    var maxConnections: String?

    @Option(name: .long, help: "Conversations kept at once (default 256).")
    var maxConversations: String?

    @Option(name: .long, help: "Threads running dialogue turns and handlers (default 16).")
    var dialogueThreads: String?

    @Option(name: .long, help: "Longest Wyoming header line in bytes (default 65536).")
    var maxHeaderBytes: String?

    @Option(name: .long, help: "Largest Wyoming data section in bytes (default 1048576).")
    var maxDataBytes: String?

    @Option(name: .long, help: "Largest Wyoming payload in bytes (default 4194304).")
    var maxPayloadBytes: String?

    @Option(name: .long, help: "Longest audio taken for one turn (default 30s).")
    var maxAudioPerTurn: String?

    @Option(name: .long, help: "End a turn whose audio stops arriving this long (default 10s).")
    var audioTimeout: String?

    @Option(name: .long, help: "Silence that ends an utterance (default 300ms).")
    var endpointSilence: String?

    @Option(name: .long, help: "Wait this long for an answer to begin (default 8s).")
    var listeningWindow: String?

    @Option(name: .long, parsing: .unconditional, help: "The quietest level that can start speech, in dBFS; lower for a quiet microphone (default -40).")
    var speechLevel: String?

    @Option(name: .long, help: "PocketSphinx decoders at most, ~9 MB each: one at start, two per utterance being heard (default 16).")
    var recognizers: String?

    @Option(name: .long, help: "Free a decoder beyond the first two after this long unused (default 60s).")
    var recognizerIdle: String?

    @Option(name: .long, help: "Pronunciation overrides (default models/pronunciations.dict when present).")
    var pronunciations: String?

    @Option(name: .long, help: "The synthesizer voice (default en-us).")
    var voice: String?

    @Option(name: .long, help: "The wake phrase for local audio; empty: listen for shortcut phrases (default \"hey parley\").")
    var wakePhrase: String?

    @Option(name: .long, help: "A command printing 16 kHz 16-bit mono PCM, e.g. \"arecord -r 16000 -c 1 -f S16_LE -t raw\".")
    var micCommand: String?

    @Option(name: .long, help: "A command playing 16-bit mono PCM, e.g. \"aplay -r 22050 -c 1 -f S16_LE -t raw\".")
    var sndCommand: String?

    @Option(name: .long, help: "The sample rate --snd-command expects (default 22050).")
    var sndRate: String?

    /// The flags given, by setting key.
    var commandLine: [String: [String]] {
        let single: [(String, String?)] = [
            ("phrases", phrases), ("log-level", logLevel), ("handler-timeout", handlerTimeout),
            ("conversation-timeout", conversationTimeout), ("connection-timeout", connectionTimeout),
            ("max-connections", maxConnections), ("max-conversations", maxConversations), ("dialogue-threads", dialogueThreads),
            ("max-header-bytes", maxHeaderBytes), ("max-data-bytes", maxDataBytes), ("max-payload-bytes", maxPayloadBytes),
            ("max-audio-per-turn", maxAudioPerTurn), ("audio-timeout", audioTimeout), ("endpoint-silence", endpointSilence), ("listening-window", listeningWindow), ("speech-level", speechLevel),
            ("recognizers", recognizers), ("recognizer-idle", recognizerIdle), ("pronunciations", pronunciations), ("voice", voice), ("wake-phrase", wakePhrase), ("mic-command", micCommand), ("snd-command", sndCommand), ("snd-rate", sndRate),
        ]
        var values: [String: [String]] = [:]
        for (key, value) in single { if let value { values[key] = [value] } }
        if !uri.isEmpty { values["uri"] = uri }
        if !satellite.isEmpty { values["satellite"] = satellite }
        return values
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let settings: DaemonConfiguration
        do {
            let layers = try ConfigurationSettings.layers(configFile: config, environment: environment, commandLine: commandLine)
            settings = try ConfigurationSettings.configuration(layers)
        } catch {
            FileHandle.standardError.write(Data("parleyd: \(error)\n".utf8))
            throw ExitCode(2)
        }
        let level = settings.logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "parleyd")
        let daemon: Daemon
        do {
            daemon = try Daemon(configuration: settings, speech: DaemonSpeech.engines(settings, logger: logger), logger: logger,
                                environment: environment)
        } catch {
            FileHandle.standardError.write(Data("parleyd: \(error)\n\(error.renderedFindings)".utf8))
            throw ExitCode(1)
        }
        try await daemon.run()
    }
}
