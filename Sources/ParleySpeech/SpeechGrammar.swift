/// A finite-state grammar over words, ready to hand to the recognizer: numbered states, one
/// start and one final state, arcs that read a word or nothing. Pure data, so it can be built,
/// tested and printed without a decoder.
public struct SpeechGrammar: Sendable, Equatable {
    /// One transition; `word` nil is an empty (null) transition. Its probability is its
    /// weight over the weights of all arcs leaving the same state.
    public struct Arc: Sendable, Equatable {
        public var from: Int
        public var to: Int
        public var word: String?
        public var weight: Double = 1
    }

    /// The number of states (`0..<stateCount`).
    public private(set) var stateCount: Int
    /// Where every sentence starts.
    public var start: Int
    /// Where every sentence ends.
    public var final: Int
    /// The transitions.
    public private(set) var arcs: [Arc] = []
    /// How much the branch probabilities count against the acoustics when decoding (their logs
    /// are multiplied by it); nil: the decoder's language weight (`-lw`, 6.5).
    public var branchWeight: Double?
    /// Phrases a speaker may say before a sentence (“please …”, “could you …”), heard only when the
    /// sentence alone is not: the recognizer registers `opened(by:)` with them as a second search
    /// and decodes with it an utterance the grammar itself heard doubtfully or not at all.
    /// Empty: none.
    public var fallbackOpenings: [[String]] = []
    /// A result under this confidence is decoded again with the fallback openings in front —
    /// by default the level under which a stream's result is not trusted either
    /// (`RecognitionStream.trustedAbove`). At the top level, retried only under the acceptance
    /// level (0.5), commands said after “could you” still came out wrong: the grammar alone
    /// spelled the opening with its own words (“could you order tomato soup …” as “order 4
    /// tomato soup …” at 0.87): of 200 eSpeak NG commands after an opening, 179 were heard right
    /// and 16 taken for other commands, against 189 and 6 (2026-11-25).
    public var openingsBelow = 0.9
    /// The state the fallback openings lead into, where the sentences after them start; nil:
    /// `start`. A grammar that puts something before its sentences (a wake phrase) points it at them.
    public var openingTarget: Int?
    /// What may follow a fallback opening when it is not every sentence of this grammar: an answer
    /// grammar's answers without its commands (`TurnRecognizer.grammar(of:)`). Nil: this grammar.
    public var afterOpenings: SpeechGrammar? {
        get { afterOpeningsStorage.first }
        set { afterOpeningsStorage = newValue.map { [$0] } ?? [] }
    }
    private var afterOpeningsStorage: [SpeechGrammar] = []

    /// A grammar of `stateCount` states and no arcs yet.
    public init(stateCount: Int, start: Int, final: Int) {
        self.stateCount = stateCount
        self.start = start
        self.final = final
    }

    /// Adds a state and returns its number.
    public mutating func addState() -> Int {
        stateCount += 1
        return stateCount - 1
    }

    /// Adds an arc reading `word` (nil: nothing) from `from` to `to`.
    public mutating func addArc(from: Int, to: Int, word: String?, weight: Double = 1) {
        arcs.append(Arc(from: from, to: to, word: word, weight: max(0, weight)))
    }

    /// Each arc's probability: its weight over the total weight leaving its state.
    public var probabilities: [Double] {
        var totals = [Double](repeating: 0, count: stateCount)
        for arc in arcs { totals[arc.from] += arc.weight }
        return arcs.map { totals[$0.from] > 0 ? $0.weight / totals[$0.from] : 0 }
    }

    /// Adds `words` as a chain of arcs from `from` to `to` (a null arc when empty).
    public mutating func addPhrase(_ words: [String], from: Int, to: Int) {
        guard let last = words.last else { return addArc(from: from, to: to, word: nil) }
        var current = from
        for word in words.dropLast() {
            let next = addState()
            addArc(from: current, to: next, word: word)
            current = next
        }
        addArc(from: current, to: to, word: last)
    }

    /// Lets every sentence end with one of `phrases`, optionally (taken with probability `share`):
    /// a new final state after the old one.
    public mutating func addOptionalEndings(_ phrases: [[String]], share: Double) {
        let endings = phrases.filter { !$0.isEmpty }
        guard !endings.isEmpty else { return }
        let sentenceEnd = final
        final = addState()
        addArc(from: sentenceEnd, to: final, word: nil, weight: 1 - share)
        let ending = addState()
        addArc(from: sentenceEnd, to: ending, word: nil, weight: share)
        for phrase in endings { addPhrase(phrase, from: ending, to: final) }
    }

    /// This grammar (or `afterOpenings`, when set) with one of `phrases` required before every
    /// sentence — before `openingTarget`: the arcs into it and the start lead to the phrases
    /// instead — and no fallback openings of its own. (The sentences of the grammars built here
    /// never lead back to their own beginning.)
    public func opened(by phrases: [[String]]) -> SpeechGrammar {
        let base = afterOpenings ?? self
        var grammar = base
        grammar.fallbackOpenings = []
        grammar.openingTarget = nil
        grammar.afterOpenings = nil
        let target = base.openingTarget ?? base.start
        let opening = grammar.addState()
        for index in grammar.arcs.indices where grammar.arcs[index].to == target { grammar.arcs[index].to = opening }
        if base.start == target { grammar.start = opening }
        for phrase in phrases where !phrase.isEmpty { grammar.addPhrase(phrase, from: opening, to: target) }
        return grammar
    }

    /// Every distinct word the grammar can read, sorted.
    public var words: [String] {
        Array(Set(arcs.compactMap(\.word))).sorted()
    }

    /// `words` and those of the fallback openings, sorted: every word a recognizer needs for it.
    public var wordsWithOpenings: [String] {
        Array(Set(words + fallbackOpenings.joined())).sorted()
    }

    /// Whether the grammar reads exactly `words` from start to final.
    public func accepts(_ words: [String]) -> Bool {
        var outgoing = [[Arc]](repeating: [], count: stateCount)
        for arc in arcs { outgoing[arc.from].append(arc) }
        func closure(_ states: Set<Int>) -> Set<Int> {
            var result = states
            var stack = Array(states)
            while let state = stack.popLast() {
                for arc in outgoing[state] where arc.word == nil && result.insert(arc.to).inserted { stack.append(arc.to) }
            }
            return result
        }
        var current = closure([start])
        for word in words {
            var next: Set<Int> = []
            for state in current { for arc in outgoing[state] where arc.word == word { next.insert(arc.to) } }
            current = closure(next)
            if current.isEmpty { return false }
        }
        return current.contains(final)
    }

    /// The grammar in PocketSphinx's FSG text format (for inspection and `-fsg` files).
    public func fsgText(name: String) -> String {
        var lines = ["FSG_BEGIN \(name)", "NUM_STATES \(stateCount)", "START_STATE \(start)", "FINAL_STATE \(final)"]
        if let branchWeight { lines.insert("# branch weight \(branchWeight)", at: 0) }
        if !fallbackOpenings.isEmpty {
            let openings = fallbackOpenings.map { $0.joined(separator: " ") }.joined(separator: " | ")
            lines.insert("# fallback openings under \(openingsBelow): \(openings)", at: 0)
        }
        for (arc, probability) in zip(arcs, probabilities) {
            lines.append("TRANSITION \(arc.from) \(arc.to) \(probability)" + (arc.word.map { " \($0)" } ?? ""))
        }
        lines.append("FSG_END")
        return lines.joined(separator: "\n") + "\n"
    }
}
