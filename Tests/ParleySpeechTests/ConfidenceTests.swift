import Foundation
import Testing
import ParleyGrammar
@testable import ParleySpeech

/// How the gap between the grammar path and the phone loop becomes a confidence.
@Suite struct ConfidenceTests {
    @Test func theAllowanceComesOffBeforeTheGapIsSpreadOverTheWords() {
        let scale = ConfidenceScale(midpoint: 42, width: 4, allowance: 500)
        #expect(abs(scale.confidence(gap: 500 + 42 * 40, speechFrames: 40) - 0.5) < 1e-9)
        #expect(abs(scale.confidence(gap: 500 + 42 * 200, speechFrames: 200) - 0.5) < 1e-9)
        // The same gap per frame is doubted less in a short answer than in a long sentence.
        let short = scale.confidence(gap: 47 * 40, speechFrames: 40)
        let long = scale.confidence(gap: 47 * 200, speechFrames: 200)
        #expect(short > 0.6 && long < 0.4, "\(short) \(long)")
        #expect(scale.confidence(gap: 100, speechFrames: 0) == 0)
    }

    @Test func withoutAnAllowanceTheScaleIsThePerFrameLogistic() {
        let scale = ConfidenceScale(midpoint: 45, width: 4)
        #expect(abs(scale.confidence(gap: 45 * 30, speechFrames: 30) - 0.5) < 1e-9)
        #expect(scale.confidence(gap: 20 * 30, speechFrames: 30) > 0.99)
        #expect(scale.confidence(gap: 70 * 30, speechFrames: 30) < 0.01)
    }

    /// Two results of one utterance far above the midpoint both come out as confidence 1, but
    /// their gaps still tell which fits better (the fallback openings choose by it).
    @Test func theExcessOrdersResultsTheConfidenceCannot() {
        let scale = ConfidenceScale(midpoint: 35, width: 4, allowance: 500)
        func heard(grammar: Int, frames: Int) -> Recognition {
            Recognition(words: ["tomato", "soup"], confidence: 0, frames: 120, speechFrames: frames, grammarScore: grammar, phoneLoopScore: -10_000)
        }
        let closer = heard(grammar: -10_100, frames: 2), further = heard(grammar: -10_250, frames: 2)
        #expect(scale.confidence(gap: closer.gap!, speechFrames: 2) == 1 && scale.confidence(gap: further.gap!, speechFrames: 2) == 1)
        #expect(scale.excess(of: closer) < scale.excess(of: further))
        #expect(abs(scale.excess(of: further) - (250.0 - 500) / 2) < 1e-9)
        #expect(scale.excess(of: .nothing(frames: 100)) == .infinity)
    }
}

/// The phone-loop pass on a second recognizer, at once with the grammar pass, against both
/// passes on one recognizer: every pass starts a stream of its own and normalizes by its own
/// audio, so the results — words, scores, confidence — are the same.
@Suite struct LoopAlongsideTests {
    @Test func thePassesAtOnceHearWhatTheyHearOneAfterTheOther() throws {
        let top = GrammarBuilder.topLevel(try ShippedTables.compiled())
        let alone = try Recognizer()
        try alone.register(top, name: "top")
        let paired = try Recognizer(warmUp: false)
        try paired.register(top, name: "top")
        let partner = try Recognizer(warmUp: false)
        // In-grammar, out-of-grammar (doubted or rejected) and noise only (nothing heard).
        var inputs = try ["order tomato soup with soupchef", "what can i say", "the weather was lovely on the coast"].map {
            try FreshSpeech.recognizerAudio($0, voice: "en-us", wordsPerMinute: 170)
        }
        var noise = NoiseMixer(seed: 5)
        inputs.append(PCMAudio(samples: noise.addNoise([Int16](repeating: 0, count: 16_000), deviation: 300), sampleRate: 16_000))
        var heard: [Recognition] = []
        for audio in inputs {
            let oneAfterTheOther = try alone.recognize(audio)
            let atOnce = try paired.recognize(audio, loopOn: partner)
            #expect(atOnce == oneAfterTheOther)
            #expect(paired.lastPhoneLoopSeconds > 0 && paired.lastWholeSeconds > 0)
            heard.append(atOnce)
        }
        #expect(heard[0].text == "order tomato soup with soup chef" && heard[0].confidence > 0.9, "\(heard[0].text) \(heard[0].confidence)")
        #expect(heard[2].confidence < 0.5, "out of the grammar: \(heard[2].text)")
        #expect(alone.loopPartner == nil)
    }

    @Test func aRecognizerMakesItsOwnPartnerOnMoreThanOneCore() throws {
        let recognizer = try Recognizer(warmUp: false)
        try recognizer.decodeLoopAlongside()
        #expect((recognizer.loopPartner != nil) == (ProcessInfo.processInfo.activeProcessorCount > 1))
        let silent = try Recognizer(configuration: RecognizerConfiguration(phoneLanguageModelPath: ""), warmUp: false)
        try silent.decodeLoopAlongside()
        #expect(silent.loopPartner == nil)  // no confidence, no phone loop to run
    }
}

/// The phone loop's language model cut to bigrams (`PhoneBigram`).
@Suite struct PhoneBigramTests {
    @Test func trigramsAndTheirBackOffWeightsGo() {
        let trigram = """
            \\data\\
            ngram 1=2
            ngram 2=2
            ngram 3=1

            \\1-grams:
            -1.0\tAA\t-0.3
            -1.2\tB\t-0.2

            \\2-grams:
            -0.5\tAA B\t-0.1
            -0.7\tB AA\t-0.4

            \\3-grams:
            -0.2\tAA B AA

            \\end\\
            """
        let bigram = PhoneBigram.bigrams(of: trigram)
        #expect(bigram == """
            \\data\\
            ngram 1=2
            ngram 2=2

            \\1-grams:
            -1.0\tAA\t-0.3
            -1.2\tB\t-0.2

            \\2-grams:
            -0.5\tAA\tB
            -0.7\tB\tAA

            \\end\\
            """)
    }

    @Test func debiansPhoneModelLosesItsTrigramsAndStillLoads() throws {
        let configuration = RecognizerConfiguration()
        let path = try #require(configuration.phoneLanguageModelPath)
        let text = try PhoneBigram.arpa(of: path)
        #expect(text.contains("\\2-grams:") && !text.contains("\\3-grams:") && !text.contains("ngram 3="))
        #expect(text.split(separator: "\n").count > 1_500)  // 43 unigrams and 1,509 bigrams
        #expect(throws: SpeechError.self) { try PhoneBigram.arpa(of: "/nonexistent/phone.lm.bin") }
    }
}
