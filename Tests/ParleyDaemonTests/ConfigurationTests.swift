import Foundation
import Logging
import ParleyDaemon
import Testing

@Suite struct ConfigurationTests {
    @Test func defaultsAreDocumented() throws {
        let configuration = try ConfigurationSettings.configuration([])
        #expect(configuration.listen == [.tcp(host: "127.0.0.1", port: 10700)])
        #expect(configuration.handlerTimeout == .seconds(5))
        #expect(configuration.limits.maximumHeaderBytes == 65_536)
        #expect(configuration.recognizers == 16)
        #expect(configuration.recognizerIdle == .seconds(60))
        let quick = try ConfigurationSettings.configuration([SettingsLayer.environment(["PARLEYD_RECOGNIZER_IDLE": "3s"])])
        #expect(quick.recognizerIdle == .seconds(3))
    }

    @Test func commandLineWinsOverEnvironmentOverFile() throws {
        let file = try SettingsLayer.yaml("""
            phrases: /from/file
            log-level: debug
            handler-timeout: 2s
            uri:
              - tcp://0.0.0.0:10700
              - unix:///run/parley/parleyd.sock
            """, source: "parleyd.yaml")
        let environment = SettingsLayer.environment(["PARLEYD_PHRASES": "/from/env", "PARLEYD_HANDLER_TIMEOUT": "750ms", "HOME": "/root"])
        let flags = SettingsLayer(source: "command line", values: ["phrases": ["/from/flag"]])
        let configuration = try ConfigurationSettings.configuration([file, environment, flags])
        #expect(configuration.phrases == "/from/flag")
        #expect(configuration.handlerTimeout == .milliseconds(750))
        #expect(configuration.logLevel == .debug)
        #expect(configuration.listen == [.tcp(host: "0.0.0.0", port: 10700), .unix(path: "/run/parley/parleyd.sock")])
    }

    @Test func repeatableValuesReplaceEarlierSources() throws {
        let file = SettingsLayer(source: "file", values: ["uri": ["tcp://127.0.0.1:1", "tcp://127.0.0.1:2"]])
        let environment = SettingsLayer.environment(["PARLEYD_URI": "tcp://[::1]:10700, unix:///tmp/p.sock"])
        let configuration = try ConfigurationSettings.configuration([file, environment])
        #expect(configuration.listen == [.tcp(host: "::1", port: 10700), .unix(path: "/tmp/p.sock")])
    }

    @Test func mistakesNameTheirSourceAndKey() {
        #expect(throws: ConfigurationError(source: "parleyd.yaml", key: "handler-timout", reason: "is not a setting (see parleyd --help)")) {
            try ConfigurationSettings.configuration([SettingsLayer.yaml("handler-timout: 5s", source: "parleyd.yaml")])
        }
        #expect(throws: ConfigurationError.self) {
            try ConfigurationSettings.configuration([SettingsLayer(source: "command line", values: ["uri": ["http://x:1"]])])
        }
        #expect(throws: ConfigurationError(source: "environment", key: "max-connections", reason: "zero is not a positive whole number")) {
            try ConfigurationSettings.configuration([SettingsLayer.environment(["PARLEYD_MAX_CONNECTIONS": "zero"])])
        }
        #expect(throws: ConfigurationError.self) { try SettingsLayer.yaml("- a\n- b", source: "list.yaml") }
        #expect(throws: ConfigurationError.self) { try SettingsLayer.yaml("phrases: {a: 1}", source: "nested.yaml") }
        #expect(throws: ConfigurationError.self) { try SettingsLayer.file("/nonexistent/parleyd.yaml") }
    }

    @Test func emptyCommandsMeanNone() throws {
        let configuration = try ConfigurationSettings.configuration([try SettingsLayer.yaml("mic-command: ~\nsnd-command: ''\nwake-phrase: ''", source: "f")])
        #expect(configuration.micCommand == nil)
        #expect(configuration.sndCommand == nil)
        #expect(configuration.wakePhrase == "")
    }

    /// A quiet microphone's speech never crossed the endpointer's −40 dBFS; `speech-level` lowers it.
    @Test func theSpeechLevelStartsQuieterSpeech() throws {
        #expect(try ConfigurationSettings.configuration([]).speechLevel == -40)
        let quiet = try ConfigurationSettings.configuration([SettingsLayer.yaml("speech-level: -52", source: "f")])
        #expect(quiet.speechLevel == -52)
        #expect(try ConfigurationSettings.configuration([SettingsLayer.environment(["PARLEYD_SPEECH_LEVEL": "-45dB"])]).speechLevel == -45)
        for bad in ["0", "10", "-100", "loud"] {
            #expect(throws: ConfigurationError.self, "\(bad)") {
                try ConfigurationSettings.configuration([SettingsLayer(source: "f", values: ["speech-level": [bad]])])
            }
        }
        // Speech at about −47 dBFS: heard with the level at −52, not at the default.
        let frame = (0..<320).map { Int16((200 * 1.414 * sin(Double($0) * 0.3)).rounded()) }
        let audio = Array(repeating: frame, count: 25).joined() + [Int16](repeating: 0, count: 16_000)
        func ends(_ level: Double) -> Bool {
            var settings = EndpointerSettings()
            settings.minimumSpeechDecibels = level
            var endpointer = Endpointer(settings: settings, sampleRate: 16_000)
            return endpointer.feed(Array(audio)).contains { if case .speechEnded = $0 { true } else { false } }
        }
        #expect(ends(quiet.speechLevel))
        #expect(!ends(-40))
    }

    @Test func durationsAsPeopleWriteThem() {
        #expect(DurationText.parse("300ms") == .milliseconds(300))
        #expect(DurationText.parse("5s") == .seconds(5))
        #expect(DurationText.parse("2m") == .seconds(120))
        #expect(DurationText.parse("1h") == .seconds(3600))
        #expect(DurationText.parse("1.5") == .milliseconds(1500))
        #expect(DurationText.parse(" 0.25s ") == .milliseconds(250))
        for bad in ["", "s", "-1s", "five", "5 minutes", "nan"] { #expect(DurationText.parse(bad) == nil, "\(bad)") }
    }

    @Test func listenAddresses() {
        #expect(ListenAddress(uri: "tcp://127.0.0.1:10700") == .tcp(host: "127.0.0.1", port: 10700))
        #expect(ListenAddress(uri: "tcp://localhost:0/") == .tcp(host: "localhost", port: 0))
        #expect(ListenAddress(uri: "tcp://[::1]:10300") == .tcp(host: "::1", port: 10300))
        #expect(ListenAddress(uri: "unix:///run/parley.sock") == .unix(path: "/run/parley.sock"))
        for bad in ["tcp://host", "tcp://:80", "tcp://h:99999", "udp://h:1", "unix://", "127.0.0.1:10700"] {
            #expect(ListenAddress(uri: bad) == nil, "\(bad)")
        }
        #expect(ListenAddress.tcp(host: "::1", port: 1).description == "tcp://[::1]:1")
    }

    @Test func phraseTablesWithErrorsAreNotLoadedAndReloadKeepsTheOld() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-reload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let soup = try String(contentsOfFile: shippedPhrases + "/soup-chef.yaml", encoding: .utf8)
        let file = folder.appendingPathComponent("soup-chef.yaml")
        try soup.write(to: file, atomically: true, encoding: .utf8)
        let library = try PhraseLibrary(path: folder.path, wakePhrase: "hey parley")
        #expect(library.current.generation == 1)
        try (soup + "\n  - intent: OrderSoup\n    phrases: [\"Order {nothing} with {app}\"]\n").write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: PhraseLoadError.self) { try library.reload() }
        #expect(library.current.generation == 1)
        #expect(library.current.compiled.table.apps.count == 1)
        try soup.write(to: file, atomically: true, encoding: .utf8)
        #expect(try library.reload().generation == 2)
    }
}
