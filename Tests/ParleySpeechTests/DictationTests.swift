import Foundation
import Testing
import ParleyGrammar
@testable import ParleySpeech

/// Open answers (free text, times, dates) are dictated with the large language model.
@Suite struct DictationTests {
    @Test func anOpenAnswerIsDictatedWithNumbersAsDigits() throws {
        let recognizer = try Recognizer(warmUp: false, dictation: true)
        let audio = try FreshSpeech.recognizerAudio("thirty four main street", voice: "en-us", wordsPerMinute: 150)
        let heard = try recognizer.recognize(audio)
        #expect(heard.words == ["34", "main", "street"])
        #expect(heard.confidence >= 0.5, "\(heard.confidence)")
        #expect(recognizer.activeGrammar == Recognizer.dictation)
    }

    /// A dictation stream hears the words while they are spoken; its trust level decides whether
    /// the result stands or the utterance is decoded again whole (confidences are at most 1).
    @Test func anOpenAnswerStreamsAndItsTrustLevelDecidesOnDecodingAgain() throws {
        let recognizer = try Recognizer(warmUp: false, dictation: true)
        let loop = try Recognizer(warmUp: false)
        let audio = try FreshSpeech.recognizerAudio("five hundred market street", voice: "en-us", wordsPerMinute: 150)
        for (trust, again) in [(0.0, false), (1.01, true)] {
            let (heard, stream) = try StreamingTests.streamed(audio, piece: 320, grammar: Recognizer.dictation, on: recognizer, loop: loop,
                                                              trust: trust)
            #expect(heard.words.first == "500", "\(heard.text)")
            #expect(stream.decodedWhole == again)
        }
        #expect(RecognitionStream.dictationTrustedAbove < RecognitionStream.trustedAbove)
    }

    @Test func aGrammarCannotTakeTheDictationSearchsName() throws {
        let recognizer = try Recognizer(warmUp: false, dictation: true)
        #expect(throws: SpeechError.self) { try recognizer.register(GrammarBuilder.phrases([["yes"]]), name: Recognizer.dictation) }
    }

    @Test func wordErrorsCountSubstitutionsInsertionsAndDeletions() {
        #expect(WordErrors.count(["a", "b", "c"], ["a", "b", "c"]) == 0)
        #expect(WordErrors.count(["a", "x", "c"], ["a", "b", "c"]) == 1)
        #expect(WordErrors.count(["a", "c"], ["a", "b", "c"]) == 1)
        #expect(WordErrors.count(["a", "b", "b", "c"], ["a", "b", "c"]) == 1)
        #expect(WordErrors.count([], ["a", "b"]) == 2)
    }

    @Test func withoutTheLanguageModelDictationIsUnavailable() throws {
        let missing = RecognizerConfiguration(languageModelPath: "/nonexistent/en-us.lm.bin")
        #expect(throws: SpeechError.self) { try Recognizer(configuration: missing, warmUp: false, dictation: true) }
        // A grammar decoder does not need it.
        _ = try Recognizer(configuration: missing, warmUp: false)
    }

    /// The corpus's audiobook sentences (real read speech): most words right.
    @Test func realSpeechIsDictatedMostlyRight() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus/pocketsphinx/librivox")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".wav") }.sorted()
        guard !names.isEmpty else { return }  // the shared corpus is absent: nothing to measure
        let recognizer = try Recognizer(warmUp: false, dictation: true)
        var errors = 0, words = 0
        for name in names {
            let heard = try recognizer.recognize(AudioConverter.load(path: folder.appendingPathComponent(name).path))
            let transcript = try String(contentsOf: folder.appendingPathComponent(name.replacingOccurrences(of: ".wav", with: ".txt")), encoding: .utf8)
            let expected = TextNormalizer.tokens(transcript)
            errors += WordErrors.count(heard.words, expected)
            words += expected.count
        }
        #expect(errors * 2 < words, "word error rate \(errors) of \(words)")
    }
}
