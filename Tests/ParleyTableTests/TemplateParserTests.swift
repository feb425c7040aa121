import Testing
import ParleyTable

/// Parses `text`, recording an issue (and returning no items) when it does not parse.
private func items(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [TemplateItem] {
    do {
        return try TemplateParser.parse(text).items
    } catch {
        Issue.record("“\(text)” did not parse: \(error.message) at \(error.offset)", sourceLocation: sourceLocation)
        return []
    }
}

/// The error `text` throws, or nil (recorded as an issue) when it parses.
private func failure(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> TemplateSyntaxError? {
    do {
        let template = try TemplateParser.parse(text)
        Issue.record("“\(text)” parsed as \(template.items), expected an error", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

@Suite("Template parser: constructs")
struct TemplateParserConstructTests {
    @Test func plainWordsAndAppPlaceholderKeepTheirOffsets() {
        #expect(items("Order soup with {app}") == [
            .word("Order", offset: 0), .word("soup", offset: 6), .word("with", offset: 11), .placeholder("app", offset: 16),
        ])
    }

    @Test func emptyAndBlankTemplatesHaveNoItems() {
        #expect(items("") == [])
        #expect(items("  \t ") == [])
    }

    @Test func spacesTabsAndNewlinesSeparateWords() {
        #expect(items("  a\tb\nc\r\nd  ") == [
            .word("a", offset: 2), .word("b", offset: 4), .word("c", offset: 6), .word("d", offset: 9),
        ])
    }

    @Test func punctuationStaysInsideWords() {
        // Normalization (not the parser) drops punctuation later.
        #expect(items("what's up, {app}?") == [
            .word("what's", offset: 0), .word("up,", offset: 7), .placeholder("app", offset: 11), .word("?", offset: 16),
        ])
    }

    @Test func alternativesHaveOneBranchPerBar() {
        #expect(items("(start | begin|go) now") == [
            .alternatives([[.word("start", offset: 1)], [.word("begin", offset: 9)], [.word("go", offset: 15)]], offset: 0),
            .word("now", offset: 19),
        ])
    }

    @Test func alternativesMayHaveAnEmptyBranch() {
        #expect(items("(a | )") == [.alternatives([[.word("a", offset: 1)], []], offset: 0)])
    }

    @Test func optionalWithOneAndSeveralBranches() {
        #expect(items("[some] soup") == [.optional([[.word("some", offset: 1)]], offset: 0), .word("soup", offset: 7)])
        #expect(items("[a | the] soup") == [
            .optional([[.word("a", offset: 1)], [.word("the", offset: 5)]], offset: 0), .word("soup", offset: 10),
        ])
    }

    @Test func groupsSplitWordsWithoutSpaces() {
        #expect(items("a(b)c[d]e") == [
            .word("a", offset: 0), .alternatives([[.word("b", offset: 2)]], offset: 1), .word("c", offset: 4),
            .optional([[.word("d", offset: 6)]], offset: 5), .word("e", offset: 8),
        ])
    }

    @Test func placeholdersAreTrimmedAndFoundInsideGroups() {
        #expect(items("{ app } order {soup}") == [
            .placeholder("app", offset: 0), .word("order", offset: 8), .placeholder("soup", offset: 14),
        ])
        let template = try? TemplateParser.parse("[get (a {size} | {kind})] soup with {app}")
        #expect(template?.placeholders.map(\.name) == ["size", "kind", "app"])
        #expect(template?.placeholders.map(\.offset) == [8, 17, 36])
    }

    @Test func everyConstructNests() {
        #expect(items("[a (b | [c {x}] d) | (e)] {app}") == [
            .optional([
                [
                    .word("a", offset: 1),
                    .alternatives([
                        [.word("b", offset: 4)],
                        [.optional([[.word("c", offset: 9), .placeholder("x", offset: 11)]], offset: 8), .word("d", offset: 16)],
                    ], offset: 3),
                ],
                [.alternatives([[.word("e", offset: 22)]], offset: 21)],
            ], offset: 0),
            .placeholder("app", offset: 26),
        ])
    }

    @Test func deepNestingParses() {
        let depth = 40
        // (a (a (a … (a b) …))): each level holds “a” and the next level; the innermost “a b”.
        let text = String(repeating: "(a ", count: depth) + "b" + String(repeating: ")", count: depth)
        var level = items(text)
        for nesting in 0..<depth {
            let expectedCount = nesting == 0 ? 1 : 2
            guard level.count == expectedCount, case .alternatives(let branches, let offset) = level[level.count - 1] else {
                Issue.record("unexpected shape at depth \(nesting): \(level)")
                return
            }
            #expect(offset == 3 * nesting)
            #expect(branches.count == 1)
            level = branches[0]
        }
        #expect(level == [.word("a", offset: 3 * depth - 2), .word("b", offset: 3 * depth)])
    }

    @Test func offsetsCountUnicodeScalars() {
        // “é” written precomposed is one scalar; the flag is two.
        #expect(items("café {app} 🇫🇷 x") == [
            .word("café", offset: 0), .placeholder("app", offset: 5), .word("🇫🇷", offset: 11), .word("x", offset: 14),
        ])
    }

    @Test func sourceIsKept() {
        #expect((try? TemplateParser.parse("Order [some] soup"))?.source == "Order [some] soup")
    }
}

@Suite("Template parser: errors")
struct TemplateParserErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var template: String
        var message: String
        var help: String
        var offset: Int
        var testDescription: String { template }
    }

    static let unclosedParen = "add ‘)’ where the group ends"
    static let unclosedBracket = "add ‘]’ where the group ends"
    static let unclosedBrace = "close the placeholder: {name}"
    static let strayParen = "remove it or add the matching ‘(’ before it"
    static let strayBracket = "remove it or add the matching ‘[’ before it"
    static let strayBrace = "remove it or open the placeholder with ‘{’"
    static let badName = "write {app} or the name of one of the intent's parameters"
    static let bar = "put alternatives in parentheses: “(start | begin) a workout with {app}”"
    static let empty = "write words between the parentheses or remove them"

    static let cases: [Case] = [
        // Unclosed groups point at the end of the template, where the closer is missing.
        Case(template: "Order (soup with {app}", message: "unclosed ‘(’", help: unclosedParen, offset: 22),
        Case(template: "Order [some soup with {app}", message: "unclosed ‘[’", help: unclosedBracket, offset: 27),
        Case(template: "(a [b", message: "unclosed ‘[’", help: unclosedBracket, offset: 5),
        Case(template: "[a (b", message: "unclosed ‘(’", help: unclosedParen, offset: 5),
        Case(template: "((a)", message: "unclosed ‘(’", help: unclosedParen, offset: 4),
        // Stray and mismatched closers point at themselves.
        Case(template: "Order soup) with {app}", message: "unbalanced ‘)’", help: strayParen, offset: 10),
        Case(template: "Order soup] with {app}", message: "unbalanced ‘]’", help: strayBracket, offset: 10),
        Case(template: "(a ] b)", message: "unbalanced ‘]’", help: strayBracket, offset: 3),
        Case(template: "[a ) b]", message: "unbalanced ‘)’", help: strayParen, offset: 3),
        Case(template: "(a) b)", message: "unbalanced ‘)’", help: strayParen, offset: 5),
        Case(template: "café ) x", message: "unbalanced ‘)’", help: strayParen, offset: 5),
        // Braces.
        Case(template: "{app order soup", message: "unclosed ‘{’", help: unclosedBrace, offset: 0),
        Case(template: "Order {soup with {app}", message: "unclosed ‘{’", help: unclosedBrace, offset: 6),
        Case(template: "Order {soup (x)} {app}", message: "unclosed ‘{’", help: unclosedBrace, offset: 6),
        Case(template: "Order {a|b} {app}", message: "unclosed ‘{’", help: unclosedBrace, offset: 6),
        Case(template: "(Order {soup) {app}", message: "unclosed ‘{’", help: unclosedBrace, offset: 7),
        Case(template: "Order } soup {app}", message: "unbalanced ‘}’", help: strayBrace, offset: 6),
        Case(template: "Order {soup}} {app}", message: "unbalanced ‘}’", help: strayBrace, offset: 12),
        // Empty alternatives.
        Case(template: "() with {app}", message: "empty alternatives ‘()’", help: empty, offset: 0),
        Case(template: "x ( | ) {app}", message: "empty alternatives ‘()’", help: empty, offset: 2),
        Case(template: "[a ()] {app}", message: "empty alternatives ‘()’", help: empty, offset: 3),
        // ‘|’ at the top level points at that bar.
        Case(template: "start | begin a workout with {app}", message: "‘|’ outside parentheses", help: bar, offset: 6),
        Case(template: "a|b", message: "‘|’ outside parentheses", help: bar, offset: 1),
        Case(template: "(a | b) c | d with {app}", message: "‘|’ outside parentheses", help: bar, offset: 10),
        Case(template: "[x | y] c | d with {app}", message: "‘|’ outside parentheses", help: bar, offset: 10),
        // Placeholder names.
        Case(template: "Order {} with {app}", message: "‘{}’ is not a placeholder name", help: badName, offset: 6),
        Case(template: "Order {  } with {app}", message: "‘{  }’ is not a placeholder name", help: badName, offset: 6),
        Case(template: "Order {soup type} with {app}", message: "‘{soup type}’ is not a placeholder name", help: badName, offset: 6),
        Case(template: "[Order { the soup }] {app}", message: "‘{ the soup }’ is not a placeholder name", help: badName, offset: 7),
    ]

    @Test(arguments: cases)
    func reportsMessageHelpAndOffset(_ expected: Case) {
        guard let error = failure(expected.template) else { return }
        #expect(error.message == expected.message)
        #expect(error.help == expected.help)
        #expect(error.offset == expected.offset)
    }
}
