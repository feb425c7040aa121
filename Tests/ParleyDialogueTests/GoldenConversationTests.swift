import Foundation
import ParleyDialogue
import ParleyGrammar
import ParleyRuntime
import ParleyTable
import Testing

/// The package's root folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let goldenFolder = packageRoot.appendingPathComponent("Tests/ParleyDialogueTests/Golden")

/// One golden conversation file: options, then turns (`> text`, `>` alone for silence) each
/// followed by the exact JSON events `parley converse --json` must print for it.
struct GoldenConversation: CustomTestStringConvertible, Sendable {
    var name: String
    var phrases: String
    var today: CalendarDay
    var handlerTimeout: Double
    var turns: [(text: String, events: [String])]

    var testDescription: String { name }

    init(file: URL) throws {
        name = file.lastPathComponent
        var options: [String: String] = [:]
        var turns: [(String, [String])] = []
        for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("@"), turns.isEmpty {
                let parts = line.dropFirst().split(separator: " ", maxSplits: 1)
                if parts.count == 2 { options[String(parts[0])] = String(parts[1]) }
            } else if line.hasPrefix(">") {
                turns.append((String(line.dropFirst()).trimmingCharacters(in: .whitespaces), []))
            } else if line.hasPrefix("{"), !turns.isEmpty {
                turns[turns.count - 1].1.append(String(line))
            }
        }
        let phrases = options["phrases"] ?? "shipped"
        self.phrases = phrases == "shipped" ? packageRoot.appendingPathComponent("phrases").path
            : goldenFolder.appendingPathComponent(phrases).path
        let day = (options["today"] ?? "2026-11-22").split(separator: "-").compactMap { Int($0) }
        today = CalendarDay(year: day[0], month: day[1], day: day[2])
        handlerTimeout = Double(options["handler-timeout"] ?? "5") ?? 5
        self.turns = turns
    }

    static func all() throws -> [GoldenConversation] {
        try FileManager.default.contentsOfDirectory(atPath: goldenFolder.path).filter { $0.hasSuffix(".golden") }.sorted()
            .map { try GoldenConversation(file: goldenFolder.appendingPathComponent($0)) }
    }
}

@Suite("Golden conversations: every turn's events, exactly")
struct GoldenConversationTests {
    @Test(arguments: try GoldenConversation.all())
    func replay(_ golden: GoldenConversation) throws {
        #expect(!golden.turns.isEmpty)
        let loaded = try PhraseTableLoader.load(paths: [golden.phrases])
        let compiled = PhraseCompiler.compile(loaded.table)
        #expect(compiled.diagnostics.isEmpty)
        var driver = ConversationDriver(compiled: compiled, options: DialogueOptions(today: golden.today),
                                        handlerTimeout: .milliseconds(Int(golden.handlerTimeout * 1000)))
        for (index, turn) in golden.turns.enumerated() {
            let events = driver.turn(turn.text).map(\.json)
            #expect(events == turn.events, "turn \(index + 1) “\(turn.text)” of \(golden.name)")
        }
    }

    @Test func theCorpusCoversEveryEventKindReasonAndQuestionKind() throws {
        let all = try GoldenConversation.all().flatMap { $0.turns.flatMap(\.events) }.joined(separator: "\n")
        for needle in [
            "\"event\":\"recognized\"", "\"event\":\"ask\"", "\"event\":\"done\"", "\"event\":\"cancelled\"",
            "\"event\":\"notRecognized\"", "\"event\":\"failed\"", "\"kind\":\"value\"", "\"kind\":\"disambiguation\"",
            "\"kind\":\"confirmValue\"", "\"kind\":\"confirmIntent\"", "\"kind\":\"chooseShortcut\"",
            "\"reason\":\"unsupported\"", "\"reason\":\"notUnderstood\"", "\"reason\":\"silence\"",
            "\"reason\":\"retries\"", "\"reason\":\"handlerCrashed\"", "\"reason\":\"handlerTimedOut\"", "\"reason\":\"handlerGarbage\"",
        ] {
            #expect(all.contains(needle), "no golden conversation shows \(needle)")
        }
    }
}
