import ParleyGrammar
import ParleyTable

/// `collision`: one utterance that starts two different shortcuts, or one shortcut with two
/// different values. Proven on the table's automaton: an accepting state of the DFA is reached
/// exactly by the utterances its phrases share, so every collision shows up as a state that
/// accepts two results — every expansion is covered, none is sampled. The example is the
/// shortest utterance reaching that state.
enum CollisionRule {
    private struct Outcome: Hashable {
        var shortcut: Int
        var value: Int32
    }

    static func check(_ compiled: CompiledTable) -> [Diagnostic] {
        let automaton = compiled.automaton
        var reported: Set<[Int32]> = []
        var findings: [Diagnostic] = []
        for state in automaton.acceptingStates {
            let accepts = automaton.accepts(state)
            var outcomes: [Outcome: [Int32]] = [:]
            for accept in accepts {
                let shortcut = compiled.phrases[Int(accept.phrase)].shortcut
                outcomes[Outcome(shortcut: shortcut, value: accept.value), default: []].append(accept.phrase)
            }
            guard outcomes.count > 1, !onlySharedSpokenValues(outcomes.keys, accepts: accepts, compiled: compiled) else {
                continue
            }
            let phrases = Array(Set(accepts.map(\.phrase))).sorted()
            guard reported.insert(phrases).inserted else { continue }
            let example = compiled.text(automaton.shortestPath(to: state))
            let places = phrases.map { compiled.phrases[Int($0)].location }
            let shortcuts = Set(outcomes.keys.map(\.shortcut))
            let message: String
            let help: String
            if shortcuts.count > 1 {
                let names = shortcuts.sorted().map { describe(compiled.shortcuts[$0], compiled) }
                message = "“\(example)” starts \(shortcuts.count) shortcuts: \(names.joined(separator: ", "))"
                help = "make the phrases differ in words, or remove one; people cannot tell which they start"
            } else {
                let values = outcomes.keys.map(\.value).sorted().map { valueName($0, phrase: accepts.first?.phrase, compiled) }
                message = "“\(example)” gives one shortcut \(values.count) values: \(values.joined(separator: ", "))"
                help = "change the phrase's words around the slot so each utterance says one value"
            }
            findings.append(Diagnostic(rule: Rule.collision, severity: .error, message: message,
                                       at: places[0], related: Array(places.dropFirst()), example: example, help: help))
        }
        return findings
    }

    /// Two values of one shortcut that share a spoken form are `value-clash` (a warning: the
    /// conversation asks which one); only other ambiguities are collisions.
    private static func onlySharedSpokenValues(_ outcomes: Dictionary<Outcome, [Int32]>.Keys, accepts: ArraySlice<Accept>, compiled: CompiledTable) -> Bool {
        guard Set(outcomes.map(\.shortcut)).count == 1 else { return false }
        let values = outcomes.map(\.value)
        guard !values.contains(-1) else { return false }
        // Shared forms can only come from phrases with the same slot domain.
        let domains = Set(accepts.compactMap { compiled.phrases[Int($0.phrase)].domain })
        guard domains.count == 1, let domain = domains.first else { return false }
        let forms = compiled.domainForms[domain]
        for (offset, first) in values.enumerated() {
            for second in values.dropFirst(offset + 1) where Set(forms[Int(first)]).isDisjoint(with: forms[Int(second)]) {
                return false
            }
        }
        return true
    }

    static func describe(_ shortcut: CompiledShortcut, _ compiled: CompiledTable) -> String {
        let app = compiled.table.apps[shortcut.app].name.value
        return shortcut.isSentence ? "a sentence of \(app) ‘\(shortcut.intent)’" : "\(app) “\(shortcut.title)”"
    }

    private static func valueName(_ value: Int32, phrase: Int32?, _ compiled: CompiledTable) -> String {
        guard value >= 0, let phrase, let domain = compiled.phrases[Int(phrase)].domain else { return "none" }
        return compiled.domains[domain].values[Int(value)].value.description
    }
}
