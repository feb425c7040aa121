import Testing
@testable import ParleySpeech

@Suite struct EndpointerTests {
    private func speech(_ text: String) throws -> [Int16] {
        try AudioConverter.recognizerAudio(SpeechSynthesizer().synthesize(text)).samples
    }

    private func quiet(_ seconds: Double) -> [Int16] {
        var mixer = NoiseMixer(seed: 3)
        return mixer.addNoise([Int16](repeating: 0, count: Int(seconds * 16_000)), deviation: 30)
    }

    private func utterances(_ events: [Endpointer.Event]) -> [PCMAudio] {
        events.compactMap { if case .utterance(let audio) = $0 { audio } else { nil } }
    }

    @Test func twoCommandsSeparatedBySilenceAreTwoUtterances() throws {
        let first = try speech("order soup with soup chef")
        let second = try speech("cancel")
        let stream = quiet(1) + first + quiet(1.2) + second + quiet(1)
        var endpointer = Endpointer()
        var events: [Endpointer.Event] = []
        // Fed in uneven chunks, as a microphone would deliver them.
        var index = 0
        var chunk = 37
        while index < stream.count {
            let end = min(stream.count, index + chunk)
            events += endpointer.feed(Array(stream[index..<end]))
            index = end
            chunk = chunk * 7 % 1000 + 50
        }
        events += endpointer.finish()
        let found = utterances(events)
        #expect(found.count == 2)
        #expect(events.filter { if case .speechStarted = $0 { true } else { false } }.count == 2)
        if found.count == 2 {
            // Each utterance holds its speech plus pre-roll and the end silence, not much more.
            #expect(found[0].seconds > Double(first.count) / 16_000 && found[0].seconds < Double(first.count) / 16_000 + 1.2)
            #expect(found[1].seconds > Double(second.count) / 16_000)
        }
    }

    @Test func chunkingDoesNotChangeTheResult() throws {
        let stream = quiet(0.8) + (try speech("what can I say")) + quiet(1)
        var whole = Endpointer()
        let all = whole.feed(stream) + whole.finish()
        var pieces = Endpointer()
        var byPieces: [Endpointer.Event] = []
        for start in stride(from: 0, to: stream.count, by: 160) {
            byPieces += pieces.feed(Array(stream[start..<min(stream.count, start + 160)]))
        }
        byPieces += pieces.finish()
        #expect(all == byPieces)
    }

    @Test func steadyNoiseIsNotSpeech() {
        var endpointer = Endpointer()
        var mixer = NoiseMixer(seed: 9)
        let noise = mixer.addNoise([Int16](repeating: 0, count: 5 * 16_000), deviation: 2000)
        #expect(utterances(endpointer.feed(noise) + endpointer.finish()).isEmpty)
    }

    @Test func speechAtTheEndIsFlushed() throws {
        var endpointer = Endpointer()
        let events = endpointer.feed(quiet(0.5) + (try speech("help"))) + endpointer.finish()
        #expect(utterances(events).count == 1)
    }
}
