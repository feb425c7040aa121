import Testing
import ParleyTable

/// A table whose phrase list starts on line 9, column 7 (`- …`), for the YAML-trap cases.
private func soupTable(phrases: String) -> String {
    """
    app:
      name: Soup Chef
    intents:
      Order:
        title: Order soup
    shortcuts:
      - intent: Order
        phrases:

    """ + phrases
}

/// A table with one intent whose one parameter has the given fields (parameter fields start on line 7).
private func parameterTable(_ fields: String) -> String {
    """
    app: {name: X}
    intents:
      Order:
        title: Order
        parameters:
          count:

    """ + fields
}

private let quoteHelp = "quote a template that starts with ‘{’, ‘[’ or ‘(’: - \"{app} order soup\""
private let yamlHelp = "fix the YAML at this place"

@Suite("Loader: diagnostics")
struct LoaderDiagnosticsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var rule: String
        var line: Int
        var column: Int
        var message: String
        var help: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // YAML that does not parse.
        Case(name: "template starting with { unquoted", text: soupTable(phrases: "      - {app} order soup\n      - Order soup with {app}\n"),
             rule: "syntax", line: 9, column: 15,
             message: "YAML does not parse: while parsing a block collection, did not find expected '-' indicator", help: quoteHelp),
        Case(name: "template starting with [ unquoted", text: soupTable(phrases: "      - [some] soup with {app}\n"),
             rule: "syntax", line: 9, column: 16,
             message: "YAML does not parse: while parsing a block collection, did not find expected '-' indicator", help: quoteHelp),
        Case(name: "tab indentation", text: "app:\n\tname: X\n", rule: "syntax", line: 2, column: 1,
             message: "YAML does not parse: while scanning for the next token, found character that cannot start any token",
             help: yamlHelp),
        Case(name: "bad indentation after a proper flow list", text: "app:\n  name: X\n  synonyms: [a, b]\n bad: 1\n",
             rule: "syntax", line: 4, column: 2,
             message: "YAML does not parse: while parsing a block mapping, did not find expected key", help: yamlHelp),
        Case(name: "unclosed quote", text: "app:\n  name: \"X\n", rule: "syntax", line: 3, column: 1,
             message: "YAML does not parse: while scanning a quoted scalar, found unexpected end of stream", help: yamlHelp),

        // A template YAML read as a collection.
        Case(name: "phrase read as a mapping", text: soupTable(phrases: "      - {app}\n"), rule: "syntax", line: 9, column: 9,
             message: "a phrase must be text, but YAML read a mapping",
             help: "YAML read ‘{…}’ as a mapping: quote a template that starts with ‘{’, e.g. - \"{app} order soup\""),
        Case(name: "phrase read as a list", text: soupTable(phrases: "      - [some soup]\n"), rule: "syntax", line: 9, column: 9,
             message: "a phrase must be text, but YAML read a list",
             help: "YAML read ‘[…]’ as a list: quote a template that starts with ‘[’"),

        // Empty files and missing required keys (schema).
        Case(name: "empty file", text: "", rule: "schema", line: 1, column: 1, message: "the file is empty",
             help: "start with ‘app: {name: …}’"),
        Case(name: "no app", text: "intents: {}\n", rule: "schema", line: 1, column: 1,
             message: "the phrase table has no ‘app’", help: "add ‘app: …’"),
        Case(name: "no app name", text: "app:\n  synonyms: [X]\n", rule: "schema", line: 2, column: 3,
             message: "app has no ‘name’", help: "add ‘name: …’"),
        Case(name: "no intent title", text: "app: {name: X}\nintents:\n  Order:\n    summary: Order it\n", rule: "schema",
             line: 4, column: 5, message: "intent ‘Order’ has no ‘title’", help: "add ‘title: …’"),
        Case(name: "no shortcut intent", text: "app: {name: X}\nshortcuts:\n  - phrases:\n      - Order with {app}\n",
             rule: "schema", line: 3, column: 5, message: "a shortcut has no ‘intent’", help: "add ‘intent: …’"),
        Case(name: "no shortcut phrases", text: "app: {name: X}\nshortcuts:\n  - intent: Order\n", rule: "schema",
             line: 3, column: 5, message: "a shortcut has no ‘phrases’", help: "add ‘phrases: …’"),
        Case(name: "no parameter type", text: parameterTable("        prompt: How many?\n"), rule: "schema", line: 7, column: 9,
             message: "parameter ‘count’ has no ‘type’", help: "add ‘type: …’"),
        Case(name: "no case title", text: "app: {name: X}\ntypes:\n  Soup:\n    tomato: {synonyms: [red]}\n", rule: "schema",
             line: 4, column: 13, message: "case ‘tomato’ of Soup has no ‘title’", help: "add ‘title: …’"),
        Case(name: "no summary text", text: "app: {name: X}\nintents:\n  Order:\n    title: Order\n    summary:\n      - when: {a: b}\n",
             rule: "schema", line: 6, column: 9, message: "a summary variant has no ‘text’", help: "add ‘text: …’"),

        // Unknown keys (schema).
        Case(name: "unknown app key", text: "app:\n  name: X\n  colour: red\n", rule: "schema", line: 3, column: 3,
             message: "unknown key ‘colour’ in app", help: "use one of: name, synonyms, handler"),
        Case(name: "unknown top-level key", text: "app: {name: X}\nshortcut: []\n", rule: "schema", line: 2, column: 1,
             message: "unknown key ‘shortcut’ in the phrase table", help: "use one of: app, types, intents, shortcuts"),
        Case(name: "unknown parameter key", text: parameterTable("        type: integer\n        minimum: 1\n"), rule: "schema",
             line: 8, column: 9, message: "unknown key ‘minimum’ in parameter ‘count’",
             help: "use one of: type, title, default, optional, prompt, disambiguation, confirm, min, max, unsupported, options, when"),
        Case(name: "unknown intent key", text: "app: {name: X}\nintents:\n  Order:\n    title: Order\n    params: {}\n",
             rule: "schema", line: 5, column: 5, message: "unknown key ‘params’ in intent ‘Order’",
             help: "use one of: title, parameters, summary, confirmation, outputs, response, failure, sentences"),
        Case(name: "unknown case key", text: "app: {name: X}\ntypes:\n  Soup:\n    tomato: {title: Tomato, synonym: [red]}\n",
             rule: "schema", line: 4, column: 29, message: "unknown key ‘synonym’ in case ‘tomato’ of Soup",
             help: "use one of: title, synonyms"),

        // Values of the wrong type (syntax).
        Case(name: "synonyms as a mapping", text: "app:\n  name: X\n  synonyms:\n    Soup Shop: yes\n", rule: "syntax",
             line: 4, column: 5, message: "an app synonym must be a list of texts, but YAML read a mapping", help: nil),
        Case(name: "min not a number", text: parameterTable("        type: integer\n        min: one\n"), rule: "syntax",
             line: 8, column: 14, message: "min must be a number, not ‘one’", help: nil),
        Case(name: "quoted max not a number", text: parameterTable("        type: integer\n        max: \"ten\"\n"), rule: "syntax",
             line: 8, column: 15, message: "max must be a number, not ‘ten’", help: nil),
        Case(name: "optional not a bool", text: parameterTable("        type: integer\n        optional: maybe\n"), rule: "syntax",
             line: 8, column: 19, message: "optional must be true or false, not ‘maybe’", help: "write optional: true"),
        Case(name: "confirm not a bool", text: parameterTable("        type: integer\n        confirm: 2\n"), rule: "syntax",
             line: 8, column: 18, message: "confirm must be true or false, not ‘2’", help: "write confirm: true"),
        Case(name: "options neither list nor dynamic", text: parameterTable("        type: string\n        options: some\n"),
             rule: "syntax", line: 8, column: 18, message: "options must be a list of texts or ‘dynamic’, but YAML read text",
             help: nil),
        Case(name: "phrases as text", text: "app: {name: X}\nshortcuts:\n  - intent: Order\n    phrases: Order with {app}\n",
             rule: "syntax", line: 4, column: 14, message: "phrases must be a list of phrases, but YAML read text", help: nil),
        Case(name: "shortcuts as a mapping", text: "app: {name: X}\nshortcuts:\n  intent: Order\n", rule: "syntax",
             line: 3, column: 3, message: "shortcuts must be a list of shortcuts, but YAML read a mapping", help: nil),
        Case(name: "intents as a list", text: "app: {name: X}\nintents:\n  - Order\n", rule: "syntax", line: 3, column: 3,
             message: "intents must be a mapping, but YAML read a list", help: nil),
        Case(name: "summary as a mapping", text: "app: {name: X}\nintents:\n  Order:\n    title: Order\n    summary:\n      text: Hi\n",
             rule: "syntax", line: 6, column: 7, message: "the summary must be text or a list of {when, text}, but YAML read a mapping",
             help: nil),

        // Duplicate keys: the second one is reported where it stands.
        Case(name: "duplicate app name", text: "app:\n  name: X\n  name: Y\n", rule: "schema", line: 3, column: 3,
             message: "duplicate key ‘name’ in app", help: "keep one ‘name’ and delete the other"),
        Case(name: "duplicate top-level key", text: "app:\n  name: X\nintents: {}\nintents: {}\n", rule: "schema", line: 4,
             column: 1, message: "duplicate key ‘intents’ in the phrase table", help: "keep one ‘intents’ and delete the other"),
        Case(name: "duplicate parameter", text: parameterTable("        type: integer\n      count:\n        type: string\n"),
             rule: "schema", line: 8, column: 7, message: "duplicate key ‘count’ in parameters of ‘Order’",
             help: "keep one ‘count’ and delete the other"),
    ]

    @Test(arguments: cases)
    func reportsRulePositionMessageAndHelp(_ expected: Case) {
        let (_, diagnostics) = PhraseTableLoader.loadApp(file: "t.yaml", text: expected.text)
        #expect(diagnostics.count == 1, "\(diagnostics.map { "\($0.location) \($0.message)" })")
        guard let diagnostic = diagnostics.first else { return }
        #expect(diagnostic.rule == expected.rule)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.location == ParleyTable.SourceLocation(file: "t.yaml", line: expected.line, column: expected.column))
        #expect(diagnostic.message == expected.message)
        #expect(diagnostic.help == expected.help)
    }

    @Test func flowListOfTemplatesGetsAdviceAboutBraces() throws {
        // `phrase-table.md`: a table that trips over `{` in a template gets a syntax error that says so.
        let (app, diagnostics) = PhraseTableLoader.loadApp(
            file: "t.yaml", text: "app: {name: X}\nshortcuts:\n  - intent: Order\n    phrases: [Order soup with {app}]\n")
        #expect(app == nil)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.rule == "syntax")
        #expect(diagnostic.location.line == 4)
        #expect(diagnostic.message.hasPrefix("YAML does not parse: "))
        #expect(diagnostic.help != yamlHelp)
        #expect(diagnostic.help?.contains("‘{’") == true)
    }

    @Test func readingGoesOnPastProblemsAndKeepsWhatItCould() throws {
        let text = """
            app:
              name: X
              colour: red
            intents:
              Order:
                title: Order
                parameters:
                  count: {type: integer, min: one, optional: maybe}
                  size: {type: string}
            shortcuts:
              - intent: Order
                phrases:
                  - {app}
                  - Order with {app}
              - intent: Order
            """
        let (app, diagnostics) = PhraseTableLoader.loadApp(file: "t.yaml", text: text)
        #expect(diagnostics.map(\.rule) == ["schema", "syntax", "syntax", "syntax", "schema"])
        #expect(diagnostics.map(\.location.line) == [3, 8, 8, 13, 15])
        let loaded = try #require(app)
        #expect(loaded.name.value == "X")
        #expect(loaded.intents.first?.parameters.map(\.name) == ["count", "size"])
        #expect(loaded.intents.first?.parameters.first?.min == nil)
        #expect(loaded.shortcuts.count == 2)
        #expect(loaded.shortcuts.first?.phrases.map(\.value) == ["Order with {app}"])
    }

    @Test func nothingLoadsWhenTheAppHasNoName() {
        #expect(PhraseTableLoader.loadApp(file: "t.yaml", text: "app:\n  synonyms: [X]\n").app == nil)
        #expect(PhraseTableLoader.loadApp(file: "t.yaml", text: "").app == nil)
        #expect(PhraseTableLoader.loadApp(file: "t.yaml", text: "- a\n").app == nil)
    }

    @Test func elementsMissingRequiredKeysAreLeftOutOrKept() throws {
        let noType = PhraseTableLoader.loadApp(file: "t.yaml", text: parameterTable("        prompt: How many?\n")).app
        #expect(noType?.intents.first?.parameters.isEmpty == true)
        let noIntent = PhraseTableLoader.loadApp(file: "t.yaml", text: "app: {name: X}\nshortcuts:\n  - phrases:\n      - Order with {app}\n").app
        #expect(noIntent?.shortcuts.isEmpty == true)
        // An intent without a title is kept (so its shortcuts still resolve), title nil.
        let noTitle = PhraseTableLoader.loadApp(file: "t.yaml", text: "app: {name: X}\nintents:\n  Order:\n    summary: Hi\n").app
        #expect(noTitle?.intents.map(\.id) == ["Order"])
        #expect(noTitle?.intents.first?.title == nil)
    }
}
