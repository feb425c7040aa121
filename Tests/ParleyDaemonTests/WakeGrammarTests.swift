import ParleySpeech
import Testing

@testable import ParleyDaemonSpeech

/// The wake phrase put before the top-level grammar (`PocketSphinxRecognizer.wakeGrammar`).
@Suite struct WakeGrammarTests {
    static func rest() -> SpeechGrammar {
        var grammar = SpeechGrammar(stateCount: 2, start: 0, final: 1)
        grammar.addArc(from: 0, to: 1, word: "play", weight: 3)
        grammar.addArc(from: 0, to: 1, word: "stop")
        grammar.branchWeight = GrammarBuilder.topLevelBranchWeight
        return grammar
    }

    @Test func theWakePhraseAloneOrWithASentence() {
        let grammar = PocketSphinxRecognizer.wakeGrammar(["hey", "parley"], then: Self.rest())
        #expect(grammar.accepts(["hey", "parley"]))
        #expect(grammar.accepts(["hey", "parley", "play"]))
        #expect(!grammar.accepts(["play"]))
        #expect(!grammar.accepts(["hey", "play"]))
    }

    /// The top level decodes with its own branch weight and arc weights; the wake grammar built
    /// on it used to drop both (every arc weighed 1, branches at the decoder's 6.5).
    @Test func theSentencesKeepTheirWeights() {
        let grammar = PocketSphinxRecognizer.wakeGrammar(["hey", "parley"], then: Self.rest())
        #expect(grammar.branchWeight == GrammarBuilder.topLevelBranchWeight)
        #expect(grammar.arcs.filter { $0.word == "play" }.map(\.weight) == [3])
        #expect(grammar.arcs.filter { $0.word == "stop" }.map(\.weight) == [1])
    }
}
