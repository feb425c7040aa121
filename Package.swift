// swift-tools-version: 6.0
import PackageDescription

// Layers, bottom to top:
//   ParleyTable   — the phrase-table model, its YAML reader and template parser (source positions kept)
//   ParleyGrammar — normalization and the one compiled automaton; the matcher runs on it
//   ParleyCheck   — `parley check` rules, proven on the same automaton
//   ParleyDialogue — the resolve loop as a pure state machine (events in, actions out)
//   ParleyRuntime — the thin I/O shell: handler processes, conversations over text
//   ParleyBench   — synthetic tables and measurements for `parley bench`
//   ParleySpeech  — hearing (PocketSphinx), speaking (eSpeak NG), audio conversion (soxr);
//                   the C libraries stay behind the thin CPocketSphinx / CEspeakNG / CSoxr targets
//   parley        — the thin command-line executable
let package = Package(
    name: "Parley",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "parley", targets: ["parley"]),
        .library(name: "ParleyTable", targets: ["ParleyTable"]),
        .library(name: "ParleyGrammar", targets: ["ParleyGrammar"]),
        .library(name: "ParleyCheck", targets: ["ParleyCheck"]),
        .library(name: "ParleySpeech", targets: ["ParleySpeech"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "ParleyTable", dependencies: [.product(name: "Yams", package: "Yams")]),
        .target(name: "ParleyGrammar", dependencies: ["ParleyTable"]),
        .target(name: "ParleyCheck", dependencies: ["ParleyTable", "ParleyGrammar"]),
        .target(name: "ParleyDialogue", dependencies: ["ParleyTable", "ParleyGrammar"]),
        .target(name: "ParleyRuntime", dependencies: ["ParleyTable", "ParleyGrammar", "ParleyDialogue"]),
        .target(name: "ParleyBench", dependencies: ["ParleyTable", "ParleyGrammar", "ParleyCheck"]),
        .systemLibrary(
            name: "CPocketSphinx", pkgConfig: "pocketsphinx",
            providers: [.apt(["libpocketsphinx-dev", "libsphinxbase-dev", "pocketsphinx-en-us"])]),
        .systemLibrary(name: "CEspeakNG", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev", "espeak-ng"])]),
        .systemLibrary(name: "CSoxr", pkgConfig: "soxr", providers: [.apt(["libsoxr-dev"])]),
        .target(name: "ParleySpeech", dependencies: ["ParleyGrammar", "CPocketSphinx", "CEspeakNG", "CSoxr"]),
        .executableTarget(
            name: "parley",
            dependencies: [
                "ParleyTable", "ParleyGrammar", "ParleyCheck", "ParleyBench", "ParleyDialogue", "ParleyRuntime", "ParleySpeech",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "ParleyTableTests", dependencies: ["ParleyTable"]),
        .testTarget(name: "ParleyGrammarTests", dependencies: ["ParleyTable", "ParleyGrammar"]),
        .testTarget(
            name: "ParleyDialogueTests",
            dependencies: ["ParleyTable", "ParleyGrammar", "ParleyDialogue", "ParleyRuntime"],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "ParleyCheckTests",
            dependencies: ["ParleyTable", "ParleyGrammar", "ParleyCheck", "ParleyBench"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "ParleySpeechTests", dependencies: ["ParleyTable", "ParleyGrammar", "ParleySpeech"]),
    ],
    swiftLanguageModes: [.v6]
)
