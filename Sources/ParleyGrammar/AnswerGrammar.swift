/// The automaton of what may be said at one follow-up question: plain answers (titles,
/// synonyms, ordinals, numbers, yes/no, commands) and the intent's multi-value sentences, built
/// the same way as the table's automaton, over the table's vocabulary extended with the
/// answers' words. Speech grammars for a question derive from it.
public struct AnswerGrammar: Sendable {
    public var vocabulary: Vocabulary
    public var automaton: ShortcutAutomaton
    /// How many plain answers and sentences went in.
    public var answerCount: Int
    /// How many of them are the intent's multi-value sentences.
    public var sentenceCount: Int
    /// The phrases that are commands (`commands` of `init`), not answers.
    private var commandPhrases: Set<Int32> = []

    /// Compiles `answers` (normalized token sequences) and `sentences` of `compiled`; those of
    /// `answers` that are also in `commands` are commands (`withoutCommands`).
    public init(_ compiled: CompiledTable, answers: [[String]], sentences: [CompiledSentence] = [], commands: Set<[String]> = []) {
        var vocabulary = compiled.vocabulary
        var nfa = PhraseNFA()
        var seen: Set<[String]> = []
        var index: Int32 = 0
        for answer in answers where !answer.isEmpty && seen.insert(answer).inserted {
            nfa.addWords(index, words: answer.map { vocabulary.intern($0) })
            if commands.contains(answer) { commandPhrases.insert(index) }
            index += 1
        }
        for sentence in sentences {
            nfa.addPhrase(index, graph: sentence.graph, appForms: compiled.appForms[sentence.app],
                          slotValues: sentence.slots.map { compiled.domainForms[$0] })
            index += 1
        }
        self.vocabulary = vocabulary
        automaton = ShortcutAutomaton(nfa)
        answerCount = Int(index)
        sentenceCount = sentences.count
    }

    /// Whether `words` (normalized) is something this question's grammar can hear.
    public func accepts(_ words: [String]) -> Bool {
        var ids: [Int32] = []
        for word in words {
            guard let id = vocabulary.id(of: word) else { return false }
            ids.append(id)
        }
        return automaton.run(ids).map { !automaton.accepts($0).isEmpty } ?? false
    }

    /// The automaton with the commands left out: what may be said after “I'd like”.
    public var withoutCommands: AnswersOnly { AnswersOnly(automaton: automaton, commands: commandPhrases) }
}

/// An answer grammar's automaton whose commands do not end a sentence
/// (`AnswerGrammar.withoutCommands`).
public struct AnswersOnly: Sendable {
    let automaton: ShortcutAutomaton
    let commands: Set<Int32>

    /// The start state.
    public var start: Int32 { automaton.start }
    /// The number of states.
    public var stateCount: Int { automaton.stateCount }
    /// The (token, target) transitions out of `state`.
    public func transitions(from state: Int32) -> [(token: Int32, target: Int32)] { automaton.transitions(from: state) }

    /// Whether an answer (not only a command) ends in `state`.
    public func isAccepting(_ state: Int32) -> Bool {
        automaton.accepts(state).contains { !commands.contains($0.phrase) }
    }
}
