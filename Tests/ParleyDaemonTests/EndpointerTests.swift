import ParleyDaemon
import Testing

@Suite struct EndpointerTests {
    let rate = 16_000
    func silence(_ milliseconds: Int) -> [Int16] { [Int16](repeating: 0, count: rate * milliseconds / 1000) }
    func tone(_ milliseconds: Int, level: Int16 = 3000) -> [Int16] {
        (0..<(rate * milliseconds / 1000)).map { $0 % 2 == 0 ? level : -level }
    }

    /// Feeds `samples` in pieces of `step` and collects every event.
    func run(_ samples: [Int16], step: Int, settings: EndpointerSettings = EndpointerSettings()) -> [EndpointEvent] {
        var endpointer = Endpointer(settings: settings, sampleRate: rate)
        var events: [EndpointEvent] = []
        for start in stride(from: 0, to: samples.count, by: step) {
            events += endpointer.feed(samples[start..<min(samples.count, start + step)])
        }
        return events
    }

    @Test func speechBetweenSilencesStartsAndEndsOnce() {
        let input = silence(1000) + tone(800) + silence(1000) + tone(500)
        let events = run(input, step: 1024)
        #expect(events.count == 2)
        #expect(events.first == .speechStarted)
        guard case .speechEnded(let utterance)? = events.last else {
            Issue.record("no end: \(events)")
            return
        }
        // The utterance holds all the speech, the pre-roll before it and 150 ms of the closing silence.
        let voiced = utterance.samples.filter { $0 != 0 }.count
        #expect(voiced == tone(800).count)
        #expect(utterance.samples.count == silence(200).count + tone(800).count + silence(160).count)  // 150 ms in 20 ms frames
    }

    @Test func anyChunkingGivesTheSameEvents() {
        let input = silence(700) + tone(400) + silence(150) + tone(300) + silence(900)
        let reference = run(input, step: input.count)
        #expect(reference.count == 2)
        for step in [1, 7, 160, 320, 1000, 4096] {
            #expect(run(input, step: step) == reference, "step \(step)")
        }
    }

    @Test func shortPausesDoNotEndTheUtterance() {
        let events = run(tone(300) + silence(200) + tone(300) + silence(400), step: 512)
        guard case .speechEnded(let utterance)? = events.last else {
            Issue.record("no end")
            return
        }
        #expect(utterance.samples.filter { $0 != 0 }.count == tone(600).count)
    }

    @Test func noSpeechInTheWindowEndsOnce() {
        var settings = EndpointerSettings()
        settings.listeningWindow = .seconds(2)
        #expect(run(silence(5000), step: 800, settings: settings) == [.noSpeech])
        // Quiet noise under the speech level is not speech.
        #expect(run(tone(3000, level: 200), step: 800, settings: settings) == [.noSpeech])
    }

    @Test func tooLongEndsWithWhatWasHeard() {
        var settings = EndpointerSettings()
        settings.maximumUtterance = .seconds(1)
        let events = run(tone(3000), step: 1600, settings: settings)
        #expect(events.first == .speechStarted)
        guard case .tooLong(let utterance)? = events.last else {
            Issue.record("not too long: \(events)")
            return
        }
        #expect(utterance.samples.count >= rate)
    }

    @Test func finishEndsWithWhatThereIs() {
        var endpointer = Endpointer(sampleRate: rate)
        _ = endpointer.feed(silence(200) + tone(500))
        guard case .speechEnded(let utterance) = endpointer.finish() else {
            Issue.record("no speech")
            return
        }
        #expect(utterance.samples.filter { $0 != 0 }.count == tone(500).count)
        #expect(endpointer.isFinished)
        #expect(endpointer.feed(tone(500)).isEmpty)
        var quiet = Endpointer(sampleRate: rate)
        _ = quiet.feed(silence(500))
        #expect(quiet.finish() == .noSpeech)
    }

    @Test func theUtteranceSoFarGrowsIntoTheOneThatEnds() {
        var endpointer = Endpointer(sampleRate: rate)
        #expect(endpointer.feed(silence(500)).isEmpty)
        #expect(endpointer.utteranceSoFar.isEmpty)
        var seen: [Int] = []
        var ended: SpeechAudio?
        let input = tone(300) + silence(200) + tone(300) + silence(600)
        for start in stride(from: 0, to: input.count, by: 320) {
            for event in endpointer.feed(input[start..<min(input.count, start + 320)]) {
                if case .speechEnded(let utterance) = event { ended = utterance }
            }
            guard ended == nil else { break }
            let soFar = endpointer.utteranceSoFar
            if let last = seen.last { #expect(soFar.count >= last, "it only grows") }
            seen.append(soFar.count)
        }
        guard let ended else {
            Issue.record("no end")
            return
        }
        // Every stage of it is where the ended utterance starts; the last is all of it.
        #expect(seen.last == ended.samples.count)
        #expect(seen.contains { $0 > 0 && $0 < ended.samples.count })
        // The closing silence beyond what the utterance keeps never counts.
        #expect(seen.max() == ended.samples.count)
    }
}
