import ParleyGrammar

/// A deterministic automaton over interned word tokens: what `GrammarBuilder` turns into a
/// speech grammar. `ShortcutAutomaton` is one.
public protocol TokenAutomaton {
    /// The start state.
    var start: Int32 { get }
    /// The number of states (`0..<stateCount`).
    var stateCount: Int { get }
    /// The (token, target) transitions out of `state`.
    func transitions(from state: Int32) -> [(token: Int32, target: Int32)]
    /// Whether a sentence may end in `state`.
    func isAccepting(_ state: Int32) -> Bool
}

extension AnswersOnly: TokenAutomaton {}

extension ShortcutAutomaton: TokenAutomaton {
    /// Whether some phrase ends in `state`.
    public func isAccepting(_ state: Int32) -> Bool { !accepts(state).isEmpty }
}

/// Builds recognizer grammars from the one compiled phrase table, so what can be heard is
/// exactly what the matcher understands.
public enum GrammarBuilder {
    /// Commands understood at every turn: the global part of every grammar.
    public static let globalCommands = [
        "cancel", "stop", "never mind", "repeat", "say that again", "help", "what can I say", "yes", "no",
    ]

    /// The top-level grammar: every shortcut phrase of `compiled` plus `globalCommands`, its
    /// branches weighed at `topLevelBranchWeight`, each optionally followed by “please”, “thanks” or
    /// “thank you” (`spokenEndings`), and, heard only when the command alone is not, preceded by
    /// “please”, “could you” and the like (`spokenOpenings`); the matcher drops both.
    public static func topLevel(_ compiled: CompiledTable, globalCommands: [String] = globalCommands) -> SpeechGrammar {
        var grammar = grammar(compiled.automaton, words: compiled.vocabulary.words,
                              phrases: globalCommands.map(TextNormalizer.tokens))
        grammar.addOptionalEndings(spokenEndings.map(TextNormalizer.tokens), share: endingShare)
        grammar.branchWeight = topLevelBranchWeight
        grammar.fallbackOpenings = spokenOpenings.map(TextNormalizer.tokens)
        return grammar
    }

    /// The probability of politeness words after a command at the top level. Without them “order
    /// tomato soup with soup chef, thanks” said aloud found no path and was rejected, where typed
    /// it matched.
    public static let endingShare = 0.1

    /// The politeness a speaker may say before a command: the matcher's leading words
    /// (`PhraseMatcher.leadingFillerPhrases`) that ask rather than state. They are not optional
    /// words of the top-level grammar itself: as alternatives to every first word they changed how
    /// the search segmented commands said without them, and their confidence fell (eSpeak NG's
    /// “add white bread to grocery cart” 0.87 → 0.41; quick loopback shortcuts 651 → 637 of 672
    /// clean). They are its fallback openings (`SpeechGrammar.fallbackOpenings`): a second search
    /// the recognizer tries only on what the command alone did not explain.
    public static let spokenOpenings = [
        "please", "can you", "could you", "would you", "can you please", "could you please",
    ]

    /// What a speaker may say before an answer to a follow-up question (“I'd like delivery”): the
    /// dialogue's leading words (`AnswerInterpreter.leadingPoliteness`) that choose something, the
    /// fallback openings of every answer grammar. Measured on 2026-11-26 (`bench-speech --quick`,
    /// `en-us@150` and `en-us+f3@210`, every value answer said after “I'd like”): 355 → 646 of 706
    /// answers right clean, 282 → 516 in 10 dB noise; the answers said plainly (7 voices, 2,471)
    /// 2,344 / 2,081 → 2,344 / 2,077. “Please” and “make it” were left out (below).
    public static let answerOpenings = ["i'd like", "i want", "i'll have", "give me", "how about"]

    /// An answer is decoded again with the openings only when the grammar alone heard it under
    /// this confidence (`SpeechGrammar.openingsBelow`). At the top level's 0.9, short answers
    /// heard right at 0.6–0.87 became an opening and another answer at 0.84–1.0 (“pickup” as
    /// “please help”, “bay herons” as “make it what”, “cancel” as “i want gulls”): the answers said
    /// plainly went 2,344 / 2,081 → 2,340 / 2,057, with “please” and “make it” among the openings.
    public static let answerOpeningsBelow = 0.5

    /// The closing politeness words heard after a spoken command: those of the matcher's
    /// (`PhraseMatcher.trailingFillerPhrases`) people say to a speaker. All of them (“now”, “for
    /// me” too) cost more right shortcuts in noise: 1,957 → 1,945 of 2,247 against 1,950 with these.
    public static let spokenEndings = ["please", "thanks", "thank you"]

    /// Grammars of whole phrases weigh their branches less than the decoder's language weight of
    /// 6.5: a phrase with its values crosses many branch points where a plain answer crosses one
    /// or two, and at 6.5 each of them taxed the long path so much that words the speaker said
    /// were dropped or swapped for shorter ones. A question's grammar that holds the intent's
    /// multi-value sentences weighs them at 1, the probabilities as they are (real coffee orders
    /// 112 → 116 of 120 right; 115 at 2); the top level at 2 (shortcuts in 10 dB white noise 564
    /// → 578 of 672, clean 645 → 646, coffee-order rejection 117 of 120 either way; at 1, 579 and
    /// 645 but 116 rejected). Lists of short answers keep 6.5, which served them better
    /// (`docs/speech.md`).
    public static let sentenceBranchWeight = 1.0
    /// The top level's branch weight (`sentenceBranchWeight`).
    public static let topLevelBranchWeight = 2.0

    /// A grammar of the sentences `automaton` accepts (token ids spelled by `words`) and of
    /// `phrases`. The automaton is minimized first (states that accept the same rest of a
    /// sentence merge, whichever slot value led there), so the grammar stays factored and small.
    public static func grammar(_ automaton: some TokenAutomaton, words: [String], phrases: [[String]] = []) -> SpeechGrammar {
        let classes = minimalClasses(automaton)
        let classCount = Int(classes.max() ?? -1) + 1
        var grammar = SpeechGrammar(stateCount: classCount + 1, start: Int(classes[Int(automaton.start)]), final: classCount)
        var done = [Bool](repeating: false, count: classCount)
        let live = liveStates(automaton)
        for state in 0..<Int32(automaton.stateCount) {
            let from = Int(classes[Int(state)])
            guard !done[from] else { continue }
            done[from] = true
            for (token, target) in automaton.transitions(from: state) where Int(token) < words.count && live[Int(target)] {
                grammar.addArc(from: from, to: Int(classes[Int(target)]), word: words[Int(token)])
            }
            if automaton.isAccepting(state) { grammar.addArc(from: from, to: grammar.final, word: nil) }
        }
        addPhrases(phrases, to: &grammar)
        return grammar
    }

    /// A grammar of just `phrases` (normalized token lists), shared prefixes merged.
    public static func phrases(_ phrases: [[String]]) -> SpeechGrammar {
        var grammar = SpeechGrammar(stateCount: 2, start: 0, final: 1)
        addPhrases(phrases, to: &grammar)
        return grammar
    }

    /// Adds `phrases` as a prefix tree from the grammar's start to its final state. The tree
    /// gets half the start state's probability, so a few global commands are not drowned by
    /// a hundred shortcut branches.
    private static func addPhrases(_ phrases: [[String]], to grammar: inout SpeechGrammar) {
        var children: [Int: [String: Int]] = [:]
        var ended: Set<Int> = []
        let root = grammar.addState()
        let others = grammar.arcs.filter { $0.from == grammar.start }.reduce(0) { $0 + $1.weight }
        grammar.addArc(from: grammar.start, to: root, word: nil, weight: max(1, others))
        for phrase in phrases where !phrase.isEmpty {
            var state = root
            for word in phrase {
                if let next = children[state]?[word] {
                    state = next
                } else {
                    let next = grammar.addState()
                    grammar.addArc(from: state, to: next, word: word)
                    children[state, default: [:]][word] = next
                    state = next
                }
            }
            if ended.insert(state).inserted { grammar.addArc(from: state, to: grammar.final, word: nil) }
        }
    }

    /// Whether a sentence can end after each state: a path into a state where none can (the
    /// commands of `AnswersOnly`) is left out of the speech grammar.
    static func liveStates(_ automaton: some TokenAutomaton) -> [Bool] {
        var incoming = [[Int32]](repeating: [], count: automaton.stateCount)
        var live = [Bool](repeating: false, count: automaton.stateCount)
        var stack: [Int32] = []
        for state in 0..<Int32(automaton.stateCount) {
            for (_, target) in automaton.transitions(from: state) { incoming[Int(target)].append(state) }
            if automaton.isAccepting(state) {
                live[Int(state)] = true
                stack.append(state)
            }
        }
        while let state = stack.popLast() {
            for source in incoming[Int(state)] where !live[Int(source)] {
                live[Int(source)] = true
                stack.append(source)
            }
        }
        return live
    }

    /// Moore's partition refinement: the class of each state in the minimal automaton of the
    /// same language (what a state accepts, not which phrase or value it stands for).
    static func minimalClasses(_ automaton: some TokenAutomaton) -> [Int32] {
        let count = automaton.stateCount
        let rows = (0..<Int32(count)).map { automaton.transitions(from: $0) }
        var classes = (0..<Int32(count)).map { automaton.isAccepting($0) ? Int32(1) : Int32(0) }
        var classCount = Set(classes).count
        while true {
            var index: [[Int32]: Int32] = [:]
            var next = [Int32](repeating: 0, count: count)
            for state in 0..<count {
                var signature: [Int32] = [classes[state]]
                signature.reserveCapacity(1 + 2 * rows[state].count)
                for (token, target) in rows[state] { signature += [token, classes[Int(target)]] }
                if let known = index[signature] {
                    next[state] = known
                } else {
                    let id = Int32(index.count)
                    index[signature] = id
                    next[state] = id
                }
            }
            classes = next
            if index.count == classCount { return classes }
            classCount = index.count
        }
    }
}
