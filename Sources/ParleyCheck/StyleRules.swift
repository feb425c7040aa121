import ParleyGrammar
import ParleyTable

/// The advice rules: `phrase-length`, `title-style` and `long-list`.
enum StyleRules {
    /// Words a phrase may have besides the app name and the slot.
    static let longestPhrase = 3

    static func check(_ compiled: CompiledTable, longestSpokenList: Int) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        func warn(_ rule: String, _ message: String, _ location: SourceLocation, example: String? = nil, help: String) {
            findings.append(Diagnostic(rule: rule, severity: .warning, message: message, at: location, example: example, help: help))
        }
        // Sentences are multi-value answers, longer by nature: the rule is for shortcut phrases.
        for phrase in compiled.phrases where !compiled.shortcuts[phrase.shortcut].isSentence {
            let words = phrase.graph.longestWordCount
            if words > longestPhrase {
                warn(Rule.phraseLength, "the phrase can be \(words) words besides the app name and slot; short phrases are remembered",
                     phrase.location, help: "keep at most \(longestPhrase) words, e.g. “Order {soup} with {app}”")
            }
        }
        for app in compiled.table.apps {
            let appNames = app.spokenNames.map { TextNormalizer.tokens($0.value) }.filter { !$0.isEmpty }
            func style(_ text: Located<String>, what: String, verb expected: String? = nil) {
                let words = text.value.split(whereSeparator: { $0 == " " })
                let first = words.first.map { String($0).lowercased() } ?? ""
                if let last = text.value.last, ".!?,;:".contains(last) {
                    warn(Rule.titleStyle, "\(what) ends with ‘\(last)’", text.location.advanced(by: text.value.unicodeScalars.count - 1),
                         help: "drop the end punctuation")
                }
                if !VerbLexicon.isVerb(first) {
                    warn(Rule.titleStyle, "\(what) “\(text.value)” does not start with a verb", text.location,
                         help: "start with what it does: “Order soup”, “Start a workout”")
                } else if let expected, first != expected {
                    warn(Rule.titleStyle, "\(what) starts with “\(first)” but the intent's title with “\(expected)”", text.location,
                         help: "start both with the same verb")
                }
                let tokens = TextNormalizer.tokens(text.value)
                if appNames.contains(where: { name in tokens.count >= name.count && (0...(tokens.count - name.count)).contains { Array(tokens[$0..<($0 + name.count)]) == name } }) {
                    warn(Rule.titleStyle, "\(what) contains the app name", text.location,
                         help: "leave the app name out; it is said with every phrase")
                }
            }
            for intent in app.intents {
                guard let title = intent.title else { continue }
                style(title, what: "the title")
                let verb = title.value.split(separator: " ").first.map { String($0).lowercased() }
                for variant in intent.summary {
                    // Placeholders are read out as values; style is about the written words.
                    style(variant.text, what: "the summary", verb: verb)
                }
                // A list is read aloud only when the parameter is asked: not with a default, not when optional.
                for parameter in intent.parameters where parameter.defaultValue == nil && !parameter.optional {
                    guard case .success(let domain) = SlotDomain.of(parameter, in: app) else { continue }
                    let listed: Bool = switch parameter.type.value {
                    case .integer, .boolean: false
                    default: true
                    }
                    if listed, domain.values.count > longestSpokenList {
                        warn(Rule.longList, "‘\(parameter.name)’ has \(domain.values.count) values; a list read aloud should have at most \(longestSpokenList)",
                             parameter.location,
                             help: "the prompt reads the first \(longestSpokenList) and offers “more”; split the list or give a default")
                    }
                }
            }
            for shortcut in app.shortcuts {
                if let title = shortcut.title { style(title, what: "the shortcut title") }
            }
        }
        return findings
    }
}
