import Foundation
import NIOPosix
import ParleyDaemon
import ParleyDialogue
import ParleySpeech
import Testing

@testable import ParleyDaemonSpeech

/// parleyd's one dictation decoder (real PocketSphinx, eSpeak NG audio made at test time).
@Suite struct DictationRecognizerTests {
    @Test func itIsMadeOnFirstUseAndFreedWhenIdle() throws {
        let dictation = DictationRecognizer(configuration: RecognizerPoolTests.configuration)
        #expect(dictation.isAvailable && !dictation.isLoaded)
        let audio = try commandSpeech("thirty four main street", wordsPerMinute: 150)
        let heard = try #require(try dictation.recognize(audio, padding: 0.3))
        #expect(heard.words == ["34", "main", "street"], "\(heard.text)")
        #expect(dictation.isLoaded)
        #expect(!dictation.shrink(idle: .seconds(60)))  // just used
        #expect(dictation.shrink(idle: .seconds(60), now: .now + .seconds(3600)))
        #expect(!dictation.isLoaded)
        #expect(try dictation.recognize(audio, padding: 0.3)?.words == heard.words)  // made again, same result
    }

    /// Streamed in 20 ms pieces as a satellite sends them: the words are decoded while they
    /// are spoken, on the dictation decoder and a pool recognizer for the phone loop.
    @Test func anOpenAnswerIsDictatedWhileItIsSpoken() async throws {
        let dictation = DictationRecognizer(configuration: RecognizerPoolTests.configuration)
        let pool = try RecognizerPool(limit: 2, configuration: RecognizerPoolTests.configuration)
        let audio = try commandSpeech("thirty four main street", wordsPerMinute: 150)
        let stream = StreamingRecognition(sampleRate: audio.sampleRate, decoding: .dictation(dictation), padding: 0.3, leadIn: 0,
                                          recognizers: pool, recent: RecentSource())
        for start in stride(from: 0, to: audio.samples.count, by: 320) {
            stream.feed(audio.samples[start..<min(start + 320, audio.samples.count)])
        }
        // A stream starts from an estimated cepstral mean (here the warm-up sentence's, which eSpeak
        // NG in process may say a little differently in a whole suite): the digits are what matter.
        let heard = try await stream.finish()
        #expect(heard.text.hasPrefix("34 "), "\(heard.text)")
        #expect(dictation.isLoaded)
        #expect(pool.count == 1, "the phone loop's recognizer came from the pool and went back")
    }

    /// Two open answers spoken at once: one decoder dictates, so one waits for the other to end,
    /// its audio piling up, then catches up; each hears its own speaker.
    @Test func openAnswersAtOnceTakeTurnsOnTheDictationDecoder() async throws {
        let dictation = DictationRecognizer(configuration: RecognizerPoolTests.configuration)
        let pool = try RecognizerPool(limit: 4, configuration: RecognizerPoolTests.configuration)
        let said = [try commandSpeech("thirty four main street", wordsPerMinute: 150), try commandSpeech("five hundred market street", wordsPerMinute: 150)]
        let streams = said.map {
            StreamingRecognition(sampleRate: $0.sampleRate, decoding: .dictation(dictation), padding: 0.3, leadIn: 0,
                                 recognizers: pool, recent: RecentSource())
        }
        for start in stride(from: 0, to: said.map(\.samples.count).max() ?? 0, by: 320) {
            for (stream, audio) in zip(streams, said) where start < audio.samples.count {
                stream.feed(audio.samples[start..<min(start + 320, audio.samples.count)])
            }
        }
        // Both end together, as two sessions would end them: either may hold the decoder first.
        async let firstHeard = streams[0].finish()
        async let secondHeard = streams[1].finish()
        let (first, second) = try await (firstHeard, secondHeard)
        #expect(first.text.hasPrefix("34 "), "\(first.text)")
        #expect(second.text.hasPrefix("500 "), "\(second.text)")
    }

    /// parleyd streams an open answer (a question without a list) like any other utterance.
    @Test func theDaemonStreamsOpenAnswers() async throws {
        let compiled = try PhraseLibrary(path: shippedPhrases, wakePhrase: "hey parley").current.compiled
        let question = Question(kind: .value, parameter: "address", prompt: "Where should we deliver it?", expected: .text)
        let context = ListeningContext(compiled: compiled, generation: 1, question: question)
        #expect(context.isOpenAnswer)
        let recognizer = try PocketSphinxRecognizer(limit: 2, configuration: RecognizerPoolTests.configuration, pool: NIOThreadPool.singleton)
        let audio = try commandSpeech("thirty four main street", wordsPerMinute: 150)
        let stream = recognizer.stream(sampleRate: audio.sampleRate, context: context)
        #expect(stream is StreamingRecognitionHandle)
        stream.feed(audio.samples[...])
        let heard = try await stream.finish()
        #expect(heard.text.hasPrefix("34 "), "\(heard.text)")
        let collecting = try PocketSphinxRecognizer(limit: 1, configuration: RecognizerPoolTests.configuration, pool: NIOThreadPool.singleton)
        #expect(!(collecting.stream(sampleRate: audio.sampleRate, context: context) is StreamingRecognitionHandle))
    }

    @Test func withoutALanguageModelThereIsNoDictation() throws {
        let dictation = DictationRecognizer(configuration: RecognizerConfiguration(languageModelPath: ""))
        #expect(!dictation.isAvailable)
        #expect(try dictation.recognize(PCMAudio(samples: [Int16](repeating: 0, count: 1600), sampleRate: 16_000), padding: 0.3) == nil)
    }
}
