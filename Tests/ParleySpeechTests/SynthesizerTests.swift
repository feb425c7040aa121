import Testing
@testable import ParleySpeech

@Suite struct SynthesizerTests {
    @Test func speaksAt22050HzAndRateChangesLength() throws {
        let slow = try SpeechSynthesizer(voice: "en-us", wordsPerMinute: 120).synthesize("order soup with soup chef")
        let fast = try SpeechSynthesizer(voice: "en-us", wordsPerMinute: 300).synthesize("order soup with soup chef")
        #expect(slow.sampleRate == 22_050)
        #expect(slow.seconds > 1 && fast.seconds > 0.3)
        #expect(fast.samples.count < slow.samples.count)
        #expect(slow.samples.contains { abs(Int($0)) > 3000 })
    }

    @Test func voicesDiffer() throws {
        let american = try SpeechSynthesizer(voice: "en-us").synthesize("cancel")
        let british = try SpeechSynthesizer(voice: "en").synthesize("cancel")
        #expect(american.samples.count > 2000 && british.samples.count > 2000)
        #expect(american.samples != british.samples)
    }

    @Test func unknownVoiceIsAnError() {
        #expect(throws: SpeechError.self) { try SpeechSynthesizer(voice: "no-such-voice").synthesize("hello") }
    }

    @Test func rateIsClamped() {
        #expect(SpeechSynthesizer(wordsPerMinute: 10).wordsPerMinute == 80)
        #expect(SpeechSynthesizer(wordsPerMinute: 1000).wordsPerMinute == 450)
    }
}
