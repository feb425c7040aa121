import Foundation
import Logging
import ParleyWyoming

/// Why a configuration could not be built: which setting, from where, and what is wrong.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the bad value came from (a file path, `environment`, `command line`).
    public var source: String
    /// The setting's key.
    public var key: String
    /// What is wrong.
    public var reason: String

    /// A problem with `key` from `source`.
    public init(source: String, key: String, reason: String) {
        self.source = source
        self.key = key
        self.reason = reason
    }

    public var description: String { "\(source): \(key): \(reason)" }
}

/// One setting of `DaemonConfiguration`: its key (the YAML key and the flag `--KEY`), its
/// environment variable (`PARLEYD_KEY`), and how its text is applied.
public struct ConfigurationKey: Sendable {
    /// The key, in kebab case.
    public let name: String
    /// Whether several values are allowed (they replace, not extend, values from earlier sources).
    public let repeatable: Bool
    /// One line of help.
    public let help: String
    let apply: @Sendable (inout DaemonConfiguration, [String]) throws(SettingError) -> Void

    /// The environment variable: `PARLEYD_` and the key in upper snake case.
    public var environmentName: String { "PARLEYD_" + name.uppercased().replacingOccurrences(of: "-", with: "_") }

    /// Every setting parleyd knows.
    public static let all: [ConfigurationKey] = [
        key("uri", repeatable: true, "Where to listen: tcp://HOST:PORT or unix:///path (repeatable).") { config, values throws(SettingError) in
            var addresses: [ListenAddress] = []
            for value in values {
                guard let address = ListenAddress(uri: value) else { throw SettingError("\(value) is not tcp://HOST:PORT or unix:///path") }
                addresses.append(address)
            }
            guard !addresses.isEmpty else { throw SettingError("give at least one address") }
            config.listen = addresses
        },
        key("satellite", repeatable: true, "A satellite to dial and serve: tcp://HOST:PORT (repeatable).") { config, values throws(SettingError) in
            var addresses: [ListenAddress] = []
            for value in values where !value.isEmpty {
                guard let address = ListenAddress(uri: value) else { throw SettingError("\(value) is not tcp://HOST:PORT or unix:///path") }
                addresses.append(address)
            }
            config.satellites = addresses
        },
        key("phrases", "The phrase tables: a folder or a file.") { config, values throws(SettingError) in config.phrases = try single(values) },
        key("log-level", "trace, debug, info, notice, warning, error or critical.") { config, values throws(SettingError) in
            let text = try single(values)
            guard let level = Logger.Level(rawValue: text.lowercased()) else { throw SettingError("\(text) is not a log level") }
            config.logLevel = level
        },
        key("handler-timeout", "How long a handler may take to answer (5s).") { config, values throws(SettingError) in config.handlerTimeout = try duration(values) },
        key("conversation-timeout", "Forget a conversation idle this long (5m).") { config, values throws(SettingError) in config.conversationTimeout = try duration(values) },
        key("connection-timeout", "Close a connection silent this long (5m).") { config, values throws(SettingError) in config.connectionTimeout = try duration(values) },
        key("max-connections", "Connections served at once (64).") { config, values throws(SettingError) in config.maxConnections = try count(values) },
        key("max-conversations", "Conversations kept at once (256).") { config, values throws(SettingError) in config.maxConversations = try count(values) },
        key("dialogue-threads", "Threads running dialogue turns and handlers (16).") { config, values throws(SettingError) in config.dialogueThreads = try count(values) },
        key("max-header-bytes", "Longest Wyoming header line (65536).") { config, values throws(SettingError) in config.limits.maximumHeaderBytes = try count(values) },
        key("max-data-bytes", "Largest Wyoming data section (1048576).") { config, values throws(SettingError) in config.limits.maximumDataBytes = try count(values) },
        key("max-payload-bytes", "Largest Wyoming payload (4194304).") { config, values throws(SettingError) in config.limits.maximumPayloadBytes = try count(values) },
        key("audio-timeout", "End a turn whose audio stops arriving this long (10s).") { config, values throws(SettingError) in config.audioTimeout = try duration(values) },
        key("max-audio-per-turn", "Longest audio taken for one turn (30s).") { config, values throws(SettingError) in config.maxAudioPerTurn = try duration(values) },
        key("endpoint-silence", "Silence that ends an utterance (300ms).") { config, values throws(SettingError) in config.endpointSilence = try duration(values) },
        key("speech-level", "The quietest level that can start speech, in dBFS; lower for a quiet microphone (-40).") { config, values throws(SettingError) in
            config.speechLevel = try decibels(values)
        },
        key("listening-window", "Wait this long for an answer to begin (8s).") { config, values throws(SettingError) in config.listeningWindow = try duration(values) },
        key("recognizers", "PocketSphinx decoders at most, ~9 MB each; one at start, two per utterance being heard (16).") { config, values throws(SettingError) in
            config.recognizers = try count(values)
        },
        key("recognizer-idle", "Free a decoder beyond the first two after this long unused (60s).") { config, values throws(SettingError) in
            config.recognizerIdle = try duration(values)
        },
        key("pronunciations", "Pronunciation overrides (models/pronunciations.dict when present).") { config, values throws(SettingError) in
            config.pronunciations = try single(values, allowEmpty: true).nilIfEmpty
        },
        key("voice", "The synthesizer voice (en-us).") { config, values throws(SettingError) in config.voice = try single(values) },
        key("wake-phrase", "The wake phrase for local audio; empty: shortcut phrases directly (hey parley).") { config, values throws(SettingError) in
            config.wakePhrase = try single(values, allowEmpty: true)
        },
        key("mic-command", "A command printing 16 kHz 16-bit mono PCM from a microphone.") { config, values throws(SettingError) in
            config.micCommand = try single(values, allowEmpty: true).nilIfEmpty
        },
        key("snd-command", "A command playing 16-bit mono PCM from its input.") { config, values throws(SettingError) in
            config.sndCommand = try single(values, allowEmpty: true).nilIfEmpty
        },
        key("snd-rate", "The sample rate snd-command expects (22050).") { config, values throws(SettingError) in config.sndRate = try count(values) },
    ]

    /// The setting named `name`.
    public static func named(_ name: String) -> ConfigurationKey? { all.first { $0.name == name } }

    private static func key(_ name: String, repeatable: Bool = false, _ help: String,
                            _ apply: @escaping @Sendable (inout DaemonConfiguration, [String]) throws(SettingError) -> Void) -> ConfigurationKey {
        ConfigurationKey(name: name, repeatable: repeatable, help: help, apply: apply)
    }
}

/// A value that does not fit its setting.
struct SettingError: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

private func single(_ values: [String], allowEmpty: Bool = false) throws(SettingError) -> String {
    guard values.count == 1, let value = values.first else { throw SettingError("give one value, not \(values.count)") }
    if !allowEmpty, value.isEmpty { throw SettingError("the value is empty") }
    return value
}

private func count(_ values: [String]) throws(SettingError) -> Int {
    let text = try single(values)
    guard let number = Int(text), number > 0 else { throw SettingError("\(text) is not a positive whole number") }
    return number
}

private func decibels(_ values: [String]) throws(SettingError) -> Double {
    let text = try single(values)
    let number = text.lowercased().hasSuffix("db") ? String(text.dropLast(2)) : text
    guard let value = Double(number.trimmingCharacters(in: .whitespaces)), value < 0, value >= -90 else {
        throw SettingError("\(text) is not a level in dBFS between -90 and 0, like -40")
    }
    return value
}

private func duration(_ values: [String]) throws(SettingError) -> Duration {
    let text = try single(values)
    guard let value = DurationText.parse(text) else { throw SettingError("\(text) is not a duration like 300ms, 5s, 2m or 1.5") }
    return value
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}

/// Durations as people write them in configuration: `300ms`, `5s`, `2m`, `1h`, or a bare
/// number of seconds (`1.5`).
public enum DurationText {
    /// The duration `text` names, nil when it names none or a negative one.
    public static func parse(_ text: String) -> Duration? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        var number = Substring(trimmed)
        var scale = 1.0
        for (suffix, factor) in units where trimmed.hasSuffix(suffix) {
            let candidate = trimmed.dropLast(suffix.count)
            if Double(candidate) != nil {
                number = candidate
                scale = factor
                break
            }
        }
        guard let value = Double(number), value.isFinite, value >= 0 else { return nil }
        return .milliseconds(Int64((value * scale * 1000).rounded()))
    }
}
