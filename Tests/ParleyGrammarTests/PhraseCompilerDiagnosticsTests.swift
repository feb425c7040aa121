import Foundation
import ParleyGrammar
import ParleyTable
import Testing

@Suite("Compiler: phrases with problems are left out and reported")
struct PhraseCompilerDiagnosticsTests {
    static let table = """
        app:
          name: Soup Chef
        types:
          Soup: {tomato: Tomato soup}
        intents:
          OrderSoup:
            title: Order soup
            parameters:
              soup: {type: Soup}
              note: {type: string}
              count: {type: integer}
              store: {type: string, options: dynamic}
              big: {type: integer, min: 0, max: 1000}
              wait: {type: duration}
              rate: {type: decimal, min: 1, max: 2}
              kind: {type: Kind}
              few: {type: integer, min: 1, max: 1000}
        shortcuts:
          - intent: OrderSoup
            phrases:
              - Order soup
              - Order {soup} {count} with {app}
              - Order {note} with {app}
              - Order {count} soups with {app}
              - Order from {store} with {app}
              - Order {big} soups with {app}
              - Order in {wait} with {app}
              - Order {rate} with {app}
              - Order {soop} with {app}
              - "{app} order (soup"
              - "{app} ordering {kind}"
              - Order {few} soups with {app}
              - Order soup with {app}
              - "{app} order {soup} {soup}"
          - intent: OrderSalad
            phrases:
              - Order salad with {app}
          - intent: OrderSoup
            parameters: {soop: tomato, soup: gazpacho}
            phrases:
              - Order the usual from {app}

        """

    static func openHelp(_ name: String) -> String {
        "give ‘\(name)’ a finite list (a type, options, or min and max), or take it out of the phrase and let the conversation ask for it"
    }

    struct Expectation: Sendable {
        var rule: String
        var line: Int
        var column: Int
        var message: String
        var help: String?
    }

    static let expected: [Expectation] = [
        Expectation(rule: "missing-app-name", line: 21, column: 9, message: "the phrase does not name the app",
                    help: "add {app}, e.g. “Order soup with {app}”"),
        Expectation(rule: "too-many-parameters", line: 22, column: 22, message: "the phrase has 2 parameters; a phrase carries at most one",
                    help: "keep one {parameter}; the conversation asks for the others"),
        Expectation(rule: "open-slot", line: 23, column: 15, message: "‘note’ is free text: a phrase cannot list its values",
                    help: openHelp("note")),
        Expectation(rule: "open-slot", line: 24, column: 15,
                    message: "‘count’ is a number without min and max: a phrase cannot list its values", help: openHelp("count")),
        Expectation(rule: "open-slot", line: 25, column: 20,
                    message: "‘store’ gets its options from the handler at run time: a phrase cannot list them", help: openHelp("store")),
        Expectation(rule: "open-slot", line: 26, column: 15, message: "‘big’ has 1001 values; a phrase slot lists at most 1000",
                    help: openHelp("big")),
        Expectation(rule: "open-slot", line: 27, column: 18, message: "‘wait’ is a duration: a phrase cannot list its values",
                    help: openHelp("wait")),
        Expectation(rule: "open-slot", line: 28, column: 15,
                    message: "‘rate’ is a number without min and max: a phrase cannot list its values", help: openHelp("rate")),
        Expectation(rule: "unknown-reference", line: 29, column: 15, message: "intent ‘OrderSoup’ has no parameter ‘soop’",
                    help: "use {app} or one of: soup, note, count, store, big, wait, rate, kind, few"),
        Expectation(rule: "syntax", line: 30, column: 27, message: "unclosed ‘(’", help: "add ‘)’ where the group ends"),
        Expectation(rule: "too-many-parameters", line: 34, column: 29, message: "the phrase has 2 parameters; a phrase carries at most one",
                    help: "keep one {parameter}; the conversation asks for the others"),
        Expectation(rule: "unknown-reference", line: 35, column: 13, message: "no intent ‘OrderSalad’ in Soup Chef",
                    help: "use one of: OrderSoup"),
        Expectation(rule: "unknown-reference", line: 39, column: 18, message: "intent ‘OrderSoup’ has no parameter ‘soop’", help: nil),
        Expectation(rule: "unknown-reference", line: 39, column: 38, message: "‘gazpacho’ is not a valid value of ‘soup’",
                    help: "use one of the values of Soup"),
    ]

    static func compiled(file: String = "soup.yaml", text: String = table) -> CompiledTable {
        let (app, diagnostics) = PhraseTableLoader.loadApp(file: file, text: text)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        return PhraseCompiler.compile(PhraseTable(apps: app.map { [$0] } ?? []))
    }

    @Test func everyProblemIsReportedWithRuleLocationMessageAndHelp() {
        let diagnostics = Self.compiled().diagnostics
        #expect(diagnostics.count == Self.expected.count)
        for (found, expected) in zip(diagnostics, Self.expected) {
            #expect(found.rule == expected.rule, "line \(expected.line)")
            #expect(found.severity == .error)
            #expect(found.location == ParleyTable.SourceLocation(file: "soup.yaml", line: expected.line, column: expected.column),
                    "\(expected.message)")
            #expect(found.message == expected.message)
            #expect(found.help == expected.help, "line \(expected.line)")
        }
    }

    @Test func goodPhrasesStillCompileAndLeftOutOnesMatchNothing() {
        let compiled = Self.compiled()
        // Lines 32, 33 and 41 compile; everything else is left out.
        #expect(compiled.phrases.map(\.location.line) == [32, 33, 41])
        #expect(compiled.shortcuts.map(\.index) == [0, 2])
        let matcher = PhraseMatcher(compiled)
        #expect(matcher.match("order soup with soup chef").map(\.shortcutIndex) == [0])
        #expect(matcher.match("order one thousand soups with soup chef").map { $0.spoken?.value } == [.integer(1000)])
        #expect(matcher.match("order 1 soups with soup chef").map { $0.spoken?.value } == [.integer(1)])
        // 0 is heard below a range starting at 1, so the conversation can refuse it by name.
        #expect(matcher.match("order 0 soups with soup chef").map { $0.spoken?.value } == [.integer(0)])
        // Invalid presets are left out of the shortcut, which still starts.
        let usual = matcher.match("order the usual from soup chef")
        #expect(usual.map(\.shortcutIndex) == [2])
        #expect(usual.first?.parameters.isEmpty == true)
        for utterance in [
            "order soup", "order tomato soup 3 with soup chef", "order 1001 soups with soup chef",
            "soup chef order soup", "soup chef order tomato soup tomato soup", "order salad with soup chef",
            "order hello with soup chef", "order 1.5 with soup chef",
        ] {
            #expect(matcher.match(utterance).isEmpty, "“\(utterance)”")
        }
    }

    @Test func appNamedOnlyInsideAGroupCounts() {
        let text = """
            app: {name: Chef}
            intents:
              Order: {title: Order soup}
            shortcuts:
              - intent: Order
                phrases:
                  - Order soup [with {app}]
                  - Order (tea | coffee with {app})
            """
        // `{app}` appears in the template, so no missing-app-name; the expansions without it
        // are a matter for `parley check`, not the compiler.
        #expect(Self.compiled(text: text).diagnostics.isEmpty)
    }

    @Test func rendererPointsInsideTheTemplate() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = "\(folder)/soup.yaml"
        try Self.table.write(toFile: file, atomically: true, encoding: .utf8)
        let (table, loadDiagnostics) = try PhraseTableLoader.load(paths: [file])
        #expect(loadDiagnostics.isEmpty)
        let diagnostics = PhraseCompiler.compile(table).diagnostics
        let quoted = try #require(diagnostics.first { $0.location.line == 34 })
        var renderer = DiagnosticRenderer()
        #expect(renderer.render(quoted) == """
            \(file):34:29: error[too-many-parameters]: the phrase has 2 parameters; a phrase carries at most one
              |       - "{app} order {soup} {soup}"
              |                             ^
              help: keep one {parameter}; the conversation asks for the others

            """)
        let unknown = try #require(diagnostics.first { $0.location.line == 29 })
        #expect(renderer.render(unknown).split(separator: "\n").dropFirst().prefix(2) == [
            "  |       - Order {soop} with {app}",
            "  |               ^",
        ])
    }
}
