import NIOPosix
import ParleyDaemon
import ParleySpeech
import Testing

@testable import ParleyDaemonSpeech

/// The wake phrase put before the top-level grammar (`PocketSphinxRecognizer.wakeGrammar`); the last
/// test decodes with it (real PocketSphinx, eSpeak NG audio made at test time).
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

    /// The top level's fallback openings go after the wake phrase: “hey parley, please play”, not
    /// “please hey parley play”.
    @Test func theOpeningsFollowTheWakePhrase() {
        var rest = Self.rest()
        rest.fallbackOpenings = [["please"], ["could", "you"]]
        let grammar = PocketSphinxRecognizer.wakeGrammar(["hey", "parley"], then: rest)
        #expect(grammar.fallbackOpenings == rest.fallbackOpenings)
        let opened = grammar.opened(by: grammar.fallbackOpenings)
        #expect(opened.accepts(["hey", "parley", "please", "play"]) && opened.accepts(["hey", "parley", "could", "you", "stop"]))
        #expect(!opened.accepts(["please", "hey", "parley", "play"]) && !opened.accepts(["hey", "parley", "play"]))
        #expect(!grammar.accepts(["hey", "parley", "please", "play"]))
        #expect(opened.branchWeight == GrammarBuilder.topLevelBranchWeight)
    }

    /// The top level decodes with its own branch weight and arc weights; the wake grammar built
    /// on it used to drop both (every arc weighed 1, branches at the decoder's 6.5).
    @Test func theSentencesKeepTheirWeights() {
        let grammar = PocketSphinxRecognizer.wakeGrammar(["hey", "parley"], then: Self.rest())
        #expect(grammar.branchWeight == GrammarBuilder.topLevelBranchWeight)
        #expect(grammar.arcs.filter { $0.word == "play" }.map(\.weight) == [3])
        #expect(grammar.arcs.filter { $0.word == "stop" }.map(\.weight) == [1])
    }

    /// After the wake phrase, the top level's openings are heard too (the wake grammar puts them
    /// between the two): streamed through parleyd's recognizer, with the real decoder.
    @Test func aPoliteCommandAfterTheWakePhrase() async throws {
        let compiled = try PhraseLibrary(path: shippedPhrases, wakePhrase: "hey parley").current.compiled
        let context = ListeningContext(compiled: compiled, generation: 1, question: nil, wakePhrase: "hey parley")
        let recognizer = try PocketSphinxRecognizer(limit: 2, configuration: RecognizerPoolTests.configuration, pool: NIOThreadPool.singleton)
        let audio = try commandSpeech("hey parley, could you add milk to grocery cart", wordsPerMinute: 160)
        let stream = recognizer.stream(sampleRate: audio.sampleRate, context: context)
        for start in stride(from: 0, to: audio.samples.count, by: 320) {
            stream.feed(audio.samples[start..<min(start + 320, audio.samples.count)])
        }
        let heard = try await stream.finish()
        #expect(heard.text == "hey parley could you add milk to grocery cart" && heard.confidence >= 0.8, "\(heard.text) \(heard.confidence)")
    }
}
