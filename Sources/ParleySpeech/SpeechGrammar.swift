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

    /// Every distinct word the grammar can read, sorted.
    public var words: [String] {
        Array(Set(arcs.compactMap(\.word))).sorted()
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
        for (arc, probability) in zip(arcs, probabilities) {
            lines.append("TRANSITION \(arc.from) \(arc.to) \(probability)" + (arc.word.map { " \($0)" } ?? ""))
        }
        lines.append("FSG_END")
        return lines.joined(separator: "\n") + "\n"
    }
}
