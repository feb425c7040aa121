import Foundation
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

    @Test func withoutALanguageModelThereIsNoDictation() throws {
        let dictation = DictationRecognizer(configuration: RecognizerConfiguration(languageModelPath: ""))
        #expect(!dictation.isAvailable)
        #expect(try dictation.recognize(PCMAudio(samples: [Int16](repeating: 0, count: 1600), sampleRate: 16_000), padding: 0.3) == nil)
    }
}
