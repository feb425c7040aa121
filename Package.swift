// swift-tools-version: 6.0
import PackageDescription

// Layers, bottom to top:
//   ParleyTable   — the phrase-table model, its YAML reader and template parser (source positions kept)
//   ParleyGrammar — normalization and the one compiled automaton; the matcher runs on it
//   ParleyCheck   — `parley check` rules, proven on the same automaton
//   ParleyDialogue — the resolve loop as a pure state machine (events in, actions out)
//   ParleyRuntime — the thin I/O shell: handler processes, conversations over text
//   ParleyBench   — synthetic tables and measurements for `parley bench`
//   ParleySpeech  — hearing (PocketSphinx), speaking (eSpeak NG), audio conversion (soxr), noise
//                   suppression (speexdsp); the C libraries stay behind the thin CPocketSphinx /
//                   CEspeakNG / CSoxr / CSpeexDSP targets
//   ParleySpokenDialogue — conversations with spoken turns: audio decoded with the current question's grammar
//   ParleySpeechBench — the command-accuracy benchmark on real recordings (the coffee corpus)
//   ParleyAcoustic — sound-alike and --acoustic on the real engines (pronouncer, eSpeak NG, PocketSphinx)
//   ParleyWyoming — the Wyoming protocol codec: frames, typed events, decoder and encoder
//   ParleyDaemon  — parleyd's services: configuration, sessions, the Wyoming server roles
//   ParleyDaemonSpeech — ParleySpeech's recognizer and synthesizer behind the daemon's speech protocols
//   parley        — the thin command-line executable
//   parleyd       — the thin daemon executable
let package = Package(
    name: "Parley",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "parley", targets: ["parley"]),
        .executable(name: "parleyd", targets: ["parleyd"]),
        .library(name: "ParleyTable", targets: ["ParleyTable"]),
        .library(name: "ParleyGrammar", targets: ["ParleyGrammar"]),
        .library(name: "ParleyCheck", targets: ["ParleyCheck"]),
        .library(name: "ParleySpeech", targets: ["ParleySpeech"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .target(name: "ParleyTable", dependencies: [.product(name: "Yams", package: "Yams")]),
        .target(name: "ParleyGrammar", dependencies: ["ParleyTable"]),
        .target(name: "ParleyRandom"),
        .target(name: "ParleyProcess"),
        .target(name: "ParleyCheck", dependencies: ["ParleyTable", "ParleyGrammar", "ParleyRandom"]),
        .target(name: "ParleyDialogue", dependencies: ["ParleyTable", "ParleyGrammar", "ParleyJSON"]),
        .target(name: "ParleyRuntime", dependencies: ["ParleyTable", "ParleyGrammar", "ParleyDialogue", "ParleyProcess"]),
        .target(name: "ParleyBench", dependencies: ["ParleyTable", "ParleyGrammar", "ParleyCheck", "ParleyRandom"]),
        .systemLibrary(
            name: "CPocketSphinx", pkgConfig: "pocketsphinx",
            providers: [.apt(["libpocketsphinx-dev", "libsphinxbase-dev", "pocketsphinx-en-us"])]),
        .systemLibrary(name: "CEspeakNG", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev", "espeak-ng"])]),
        .systemLibrary(name: "CSoxr", pkgConfig: "soxr", providers: [.apt(["libsoxr-dev"])]),
        .systemLibrary(name: "CSpeexDSP", pkgConfig: "speexdsp", providers: [.apt(["libspeexdsp-dev"])]),
        .target(name: "ParleySpeech", dependencies: ["ParleyGrammar", "ParleyRandom", "CPocketSphinx", "CEspeakNG", "CSoxr", "CSpeexDSP"]),
        .target(name: "ParleySpokenDialogue", dependencies: ["ParleyGrammar", "ParleyDialogue", "ParleyRuntime", "ParleySpeech"]),
        .target(
            name: "ParleySpeechBench",
            dependencies: ["ParleyTable", "ParleyGrammar", "ParleyDialogue", "ParleyRandom", "ParleyRuntime", "ParleySpeech", "ParleySpokenDialogue"]
        ),
        .target(name: "ParleyAcoustic", dependencies: ["ParleyGrammar", "ParleyCheck", "ParleySpeech"]),
        .executableTarget(
            name: "parley",
            dependencies: [
                "ParleyTable", "ParleyGrammar", "ParleyCheck", "ParleyBench", "ParleyDialogue", "ParleyRuntime",
                "ParleySpeech", "ParleyAcoustic", "ParleyWyoming", "ParleyDaemon", "ParleyDaemonSpeech", "ParleyProcess",
                "ParleySpokenDialogue", "ParleySpeechBench",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "ParleyJSON"),
        .target(name: "ParleyWyoming", dependencies: ["ParleyJSON", .product(name: "NIOCore", package: "swift-nio")]),
        .target(
            name: "ParleyDaemon",
            dependencies: [
                "ParleyTable", "ParleyGrammar", "ParleyCheck", "ParleyDialogue", "ParleyRuntime", "ParleyWyoming", "ParleyRandom", "ParleyProcess",
                .product(name: "Yams", package: "Yams"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "ParleyDaemonSpeech",
            dependencies: [
                "ParleyDaemon", "ParleySpeech", "ParleyGrammar",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "parleyd",
            dependencies: [
                "ParleyDaemon", "ParleyDaemonSpeech",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(name: "ParleyTableTests", dependencies: ["ParleyTable"]),
        .testTarget(
            name: "ParleyDaemonTests",
            dependencies: [
                "ParleyDaemon", "ParleyDaemonSpeech", "ParleyWyoming", "ParleyDialogue", "ParleySpeech", "ParleyProcess",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "ParleyWyomingTests",
            dependencies: [
                "ParleyWyoming", "ParleyJSON",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOTestUtils", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "ParleyGrammarTests", dependencies: ["ParleyTable", "ParleyGrammar"]),
        .testTarget(
            name: "ParleyDialogueTests",
            dependencies: ["ParleyTable", "ParleyGrammar", "ParleyDialogue", "ParleyRuntime"],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "ParleyCheckTests",
            dependencies: ["ParleyTable", "ParleyGrammar", "ParleyCheck", "ParleyBench", "ParleyRandom", "ParleyProcess"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ParleySpokenDialogueTests",
            dependencies: ["ParleyTable", "ParleyGrammar", "ParleyDialogue", "ParleyRuntime", "ParleySpeech", "ParleySpokenDialogue", "ParleySpeechBench", "ParleyProcess"]
        ),
        .testTarget(name: "ParleySpeechTests", dependencies: ["ParleyTable", "ParleyGrammar", "ParleySpeech", "ParleyCheck", "ParleyAcoustic", "ParleyProcess"]),
        .testTarget(name: "ParleyProcessTests", dependencies: ["ParleyProcess"]),
    ],
    swiftLanguageModes: [.v6]
)
