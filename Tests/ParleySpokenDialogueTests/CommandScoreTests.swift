import Foundation
import ParleyDialogue
import ParleyGrammar
import ParleySpeechBench
import Testing

/// Scoring a command the benchmark's way, and reading its labels.
@Suite struct CommandScoreTests {
    static func coffeeApp() throws -> (CompiledTable, Int) {
        let compiled = try Repository.compiled("Benchmarks/coffee")
        let index = try #require(compiled.table.apps.firstIndex { $0.name.value == "Coffee Maker" })
        return (compiled, index)
    }

    static let label = LabelledCommand(path: "x.wav", intent: "orderDrink",
                                       slots: ["coffeeDrink": "iced mocha", "size": "twelve ounce", "milkAmount": "a bit of soy milk"])

    static func done(_ parameters: [(String, ParameterValue)], intent: String = "OrderDrink") -> ConversationEvent {
        .done(app: "Coffee Maker", intent: intent, parameters: parameters, outputs: [], text: "One coming up.")
    }

    @Test func rightWhenIntentAndEverySlotMatch() throws {
        let (compiled, index) = try Self.coffeeApp()
        let app = compiled.table.apps[index]
        let events = [Self.done([("size", .caseID("twelve_ounce")), ("coffeeDrink", .caseID("iced_mocha")),
                                 ("milkAmount", .caseID("a_bit_of_soy_milk"))])]
        #expect(CommandScore.judge(events, expected: Self.label, app: app) == .right)
    }

    @Test func wrongMissingAndExtraSlotsAreNamed() throws {
        let (compiled, index) = try Self.coffeeApp()
        let app = compiled.table.apps[index]
        let events = [Self.done([("coffeeDrink", .caseID("mocha")), ("milkAmount", .caseID("a_bit_of_soy_milk")),
                                 ("roast", .caseID("dark_roast"))])]
        let outcome = CommandScore.judge(events, expected: Self.label, app: app)
        #expect(outcome == .wrongSlots(missing: ["size=twelve ounce"], wrong: ["coffeeDrink=mocha (not iced mocha)"],
                                       extra: ["roast=dark_roast"]))
        #expect(outcome.cause == "wrong value")
        let extraOnly = CommandScore.judge([Self.done([("size", .caseID("twelve_ounce")), ("coffeeDrink", .caseID("iced_mocha")),
                                                       ("milkAmount", .caseID("a_bit_of_soy_milk")), ("roast", .caseID("dark_roast"))])],
                                           expected: Self.label, app: app)
        #expect(extraOnly.cause == "extra slot")
    }

    @Test func questionsAndOtherEndingsAreNotRight() throws {
        let (compiled, index) = try Self.coffeeApp()
        let app = compiled.table.apps[index]
        let again = ConversationEvent.ask(kind: .value, parameter: "coffeeDrink", options: nil, reason: .notUnderstood, text: "?")
        #expect(CommandScore.judge([again], expected: Self.label, app: app) == .asked(kind: "value", reason: "notUnderstood"))
        #expect(CommandScore.judge([], expected: Self.label, app: app) == .ended("nothing"))
        #expect(CommandScore.judge([.cancelled(text: "Okay.")], expected: Self.label, app: app) == .ended("cancelled"))
        #expect(CommandScore.judge([Self.done([], intent: "Other")], expected: Self.label, app: app) == .wrongIntent("Other"))
    }

    @Test func labelsAreTrimmedSortedAndNeedTheirFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("labels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let labels = #"{"b.wav": {"intent": "orderDrink", "slots": {"milkAmount": " soy milk"}}, "a.wav": {"intent": "orderDrink"}, "gone.wav": {"intent": "x"}}"#
        try Data(labels.utf8).write(to: folder.appendingPathComponent("labels.json"))
        for name in ["a.wav", "b.wav"] { try Data().write(to: folder.appendingPathComponent(name)) }
        let commands = try LabelledCommand.load(folder: folder.path)
        #expect(commands.map(\.fileName) == ["a.wav", "b.wav"])
        #expect(commands[1].slots == ["milkAmount": "soy milk"])
        #expect(commands[0].slots.isEmpty)
    }
}
