import ParleyGrammar
import ParleyTable
import Testing

/// One way to say one value of a slot: the value the matcher must report and its spoken texts.
struct SpokenValues: Sendable {
    var value: ParameterValue
    var forms: [String]

    init(_ value: ParameterValue, _ forms: [String]) {
        self.value = value
        self.forms = forms
    }
}

/// A piece of an expansion, kept apart so near misses can swap the app name.
enum Piece: Hashable, Sendable {
    case word(String)
    case app(String)
    case slot(String)

    var text: String {
        switch self {
        case .word(let text), .app(let text), .slot(let text): text
        }
    }
}

/// One complete utterance a template allows, with the slot value it carries.
struct Expansion: Hashable, Sendable {
    var pieces: [Piece]
    var value: ParameterValue?

    var text: String { pieces.map(\.text).joined(separator: " ") }
    var words: [String] { text.split(separator: " ").map(String.init) }
}

/// Expands templates by brute force, independently of the compiler: every branch of every
/// group, every app name, every spoken form of every slot value.
enum Expander {
    static func expand(_ items: [TemplateItem], appNames: [String], slots: [String: [SpokenValues]]) -> [Expansion] {
        var partial = [Expansion(pieces: [], value: nil)]
        for item in items {
            let choices = choices(item, appNames: appNames, slots: slots)
            partial = partial.flatMap { head in
                choices.map { tail in
                    precondition(head.value == nil || tail.value == nil, "a world phrase has at most one slot")
                    return Expansion(pieces: head.pieces + tail.pieces, value: head.value ?? tail.value)
                }
            }
        }
        return partial
    }

    private static func choices(_ item: TemplateItem, appNames: [String], slots: [String: [SpokenValues]]) -> [Expansion] {
        switch item {
        case .word(let word, _):
            return [Expansion(pieces: [.word(word)], value: nil)]
        case .placeholder("app", _):
            return appNames.map { Expansion(pieces: [.app($0)], value: nil) }
        case .placeholder(let name, _):
            guard let values = slots[name] else {
                Issue.record("the world gives no spoken values for {\(name)}")
                return []
            }
            return values.flatMap { value in value.forms.map { Expansion(pieces: [.slot($0)], value: value.value) } }
        case .alternatives(let branches, _):
            return branches.flatMap { expand($0, appNames: appNames, slots: slots) }
        case .optional(let branches, _):
            return [Expansion(pieces: [], value: nil)] + branches.flatMap { expand($0, appNames: appNames, slots: slots) }
        }
    }
}

/// What the matcher should return for one shortcut: app, shortcut position, spoken value.
struct Expected: Hashable, Sendable, CustomStringConvertible {
    var app: Int
    var shortcut: Int
    var value: ParameterValue?

    init(app: Int, shortcut: Int, value: ParameterValue? = nil) {
        self.app = app
        self.shortcut = shortcut
        self.value = value
    }

    init(_ match: ShortcutMatch) {
        self.init(app: match.appIndex, shortcut: match.shortcutIndex, value: match.spoken?.value)
    }

    var description: String { "app \(app) shortcut \(shortcut)" + (value.map { " = \($0)" } ?? "") }
}

/// One app of a small world: its table, and the names and slot values the test expects it to be
/// spoken with (written by hand, not read back from the table).
struct WorldApp: Sendable {
    var yaml: String
    var names: [String]
    var slots: [String: [SpokenValues]] = [:]
}

/// A few apps compiled together, every expansion of every phrase enumerated, and an oracle from
/// normalized utterance to the exact set of matches the spec calls for.
struct World {
    let apps: [WorldApp]
    let table: PhraseTable
    let compiled: CompiledTable
    let matcher: PhraseMatcher
    /// Every expansion with the shortcut it must start.
    private(set) var expansions: [(expected: Expected, expansion: Expansion)] = []
    /// Normalized utterance → every (app, shortcut, value) some phrase expands to.
    private(set) var oracle: [[String]: Set<Expected>] = [:]

    init(_ apps: [WorldApp], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        self.apps = apps
        var loaded: [App] = []
        for (index, world) in apps.enumerated() {
            let (app, diagnostics) = PhraseTableLoader.loadApp(file: "world\(index).yaml", text: world.yaml)
            #expect(diagnostics.isEmpty, "\(diagnostics.map { "\($0.location) \($0.message)" })", sourceLocation: sourceLocation)
            if let app { loaded.append(app) }
        }
        table = PhraseTable(apps: loaded)
        compiled = PhraseCompiler.compile(table)
        #expect(compiled.diagnostics.isEmpty, "\(compiled.diagnostics.map { "\($0.location) \($0.message)" })",
                sourceLocation: sourceLocation)
        matcher = PhraseMatcher(compiled)
        for (appIndex, app) in loaded.enumerated() {
            for (shortcutIndex, shortcut) in app.shortcuts.enumerated() {
                for phrase in shortcut.phrases {
                    guard let template = try? TemplateParser.parse(phrase.value) else {
                        Issue.record("world phrase “\(phrase.value)” does not parse", sourceLocation: sourceLocation)
                        continue
                    }
                    for expansion in Expander.expand(template.items, appNames: apps[appIndex].names, slots: apps[appIndex].slots) {
                        let expected = Expected(app: appIndex, shortcut: shortcutIndex, value: expansion.value)
                        expansions.append((expected, expansion))
                        oracle[TextNormalizer.tokens(expansion.text), default: []].insert(expected)
                    }
                }
            }
        }
    }

    /// What the spec says `utterance` must match (empty: nothing).
    func expected(_ utterance: String) -> Set<Expected> { oracle[TextNormalizer.tokens(utterance)] ?? [] }

    /// Why the matcher's answer for `utterance` is wrong, or nil when it is right: exactly the
    /// expected matches, each once, in table order, with `dropped` words dropped.
    func mismatch(_ utterance: String, expected: Set<Expected>, dropped: [String] = []) -> String? {
        let matches = matcher.match(utterance)
        let found = matches.map(Expected.init)
        if Set(found) != expected || found.count != expected.count {
            return "“\(utterance)”: expected \(expected.sorted { $0.description < $1.description }), got \(found)"
        }
        if let wrong = matches.first(where: { $0.dropped != dropped }) {
            return "“\(utterance)”: dropped \(wrong.dropped), expected \(dropped)"
        }
        if found.map({ [$0.app, $0.shortcut] }) != found.map({ [$0.app, $0.shortcut] }).sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            return "“\(utterance)”: not in table order: \(found)"
        }
        for match in matches {
            if match.app != table.apps[match.appIndex].name.value { return "“\(utterance)”: app name \(match.app)" }
            if let spoken = match.spoken, let span = spoken.span {
                let tokens = TextNormalizer.tokens(utterance)
                if Array(tokens[span]) != spoken.words { return "“\(utterance)”: span \(span) is not \(spoken.words)" }
            }
        }
        return nil
    }

    /// The utterances one slip away from `expansion`: a word dropped, a known word repeated or
    /// inserted in the middle, an unknown word inserted, the app named wrongly.
    func nearMisses(_ expansion: Expansion, extraWords: [String], wrongNames: [String]) -> [String] {
        let words = expansion.words
        var misses: [[String]] = []
        for index in words.indices {
            var dropped = words
            dropped.remove(at: index)
            if !dropped.isEmpty { misses.append(dropped) }
        }
        for index in words.indices.dropFirst() {
            for extra in [words[index], "banana"] + extraWords {
                var added = words
                added.insert(extra, at: index)
                misses.append(added)
            }
        }
        var utterances = misses.map { $0.joined(separator: " ") }
        if expansion.pieces.contains(where: { if case .app = $0 { true } else { false } }) {
            for name in wrongNames {
                let swapped = expansion.pieces.map { piece -> Piece in
                    if case .app = piece { return .app(name) }
                    return piece
                }
                utterances.append(Expansion(pieces: swapped, value: expansion.value).text)
            }
        }
        return utterances
    }
}

/// English number words, written independently of the normalizer (0…99).
func numberWords(_ number: Int, hyphen: Bool = false) -> String {
    let units = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                 "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
    let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
    if number < 20 { return units[number] }
    return number % 10 == 0 ? tens[number / 10] : tens[number / 10] + (hyphen ? "-" : " ") + units[number % 10]
}

/// The spoken values of an integer parameter over `range`: digits, words, and hyphenated words.
func integerValues(_ range: ClosedRange<Int>) -> [SpokenValues] {
    range.map { number in
        var forms = [String(number), numberWords(number)]
        if numberWords(number, hyphen: true) != forms[1] { forms.append(numberWords(number, hyphen: true)) }
        return SpokenValues(.integer(number), forms)
    }
}
