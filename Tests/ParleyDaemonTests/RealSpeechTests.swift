import Foundation
import Logging
import ParleyDaemon
import ParleyDaemonSpeech
import ParleySpeech
import ParleyWyoming
import Testing

/// The daemon's roles with the real engines (PocketSphinx and eSpeak NG), in process.
@Suite struct RealSpeechTests {
    static let engines: SpeechEngines = {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        var configuration = DaemonConfiguration()
        configuration.pronunciations = packageRoot.appendingPathComponent("models/pronunciations.dict").path
        return DaemonSpeech.engines(configuration, logger: logger)
    }()

    @Test func synthesizedSpeechIsTranscribedBack() async throws {
        let daemon = try TestDaemon(speech: Self.engines)
        var (session, recorder) = daemon.session()
        try await session.receive(WyomingEvent.synthesize(Synthesize(text: "Order soup with Soup Chef.")).frame)
        let audio = spokenAudio(recorder.take())
        #expect(audio.sampleRate == 22_050)
        try await session.receive(WyomingEvent.transcribe(Transcribe()).frame)
        try await session.receive(WyomingEvent.audioStart(AudioFormat(rate: audio.sampleRate), timestamp: nil).frame)
        for start in stride(from: 0, to: audio.samples.count, by: 2048) {
            let chunk = AudioChunk(samples: audio.samples[start..<min(audio.samples.count, start + 2048)], rate: audio.sampleRate)
            try await session.receive(WyomingEvent.audioChunk(chunk).frame)
        }
        try await session.receive(WyomingEvent.audioStop(timestamp: nil).frame)
        guard case .transcript(let transcript)? = recorder.take().first else {
            Issue.record("no transcript")
            return
        }
        #expect(transcript.text.replacingOccurrences(of: " ", with: "") == "ordersoupwithsoupchef")
        try await daemon.shutdown()
    }

    /// A pipeline run (ASR to TTS) in which each of `turns` is spoken with a second of silence
    /// around it and its reply played; what the session sent back. The turns are spoken by the
    /// espeak-ng command: the same audio whatever other tests synthesized in this process.
    private static func pipeline(_ turns: [String], on daemon: TestDaemon) async throws -> [WyomingEvent] {
        var (session, recorder) = daemon.session()
        try await session.receive(WyomingEvent.runPipeline(RunPipeline(startStage: .asr, endStage: .tts)).frame)
        for said in turns {
            let audio = try commandSpeech(said)
            let speech = SpeechAudio(samples: audio.samples, sampleRate: audio.sampleRate)
            let silence = SpeechAudio(silence: .seconds(1), sampleRate: speech.sampleRate).samples
            try await stream(SpeechAudio(samples: silence + speech.samples + silence, sampleRate: speech.sampleRate), into: &session)
            try await session.receive(WyomingEvent.played.frame)
        }
        return recorder.take()
    }

    @Test func aPipelineConversationByVoice() async throws {
        let daemon = try TestDaemon(speech: Self.engines)
        let outline = outline(try await Self.pipeline(["Order soup with Soup Chef.", "Tomato soup."], on: daemon))
        #expect(outline.filter { $0.hasPrefix("transcript") }.map { $0.replacingOccurrences(of: " ", with: "") }
            == ["transcript:ordersoupwithsoupchef", "transcript:tomatosoup"])
        #expect(outline.filter { $0 == "audio-start" }.count == 2)
        #expect(outline.last == "run-pipeline asr→tts")  // the store question follows
        try await daemon.shutdown()
    }

    /// An open answer (the delivery address) is dictated with the large language model, not
    /// forced onto the top-level grammar; its numbers come out as digits.
    @Test func anOpenAnswerInAPipelineIsDictated() async throws {
        let daemon = try TestDaemon(speech: Self.engines)
        let said = ["Order delivery from Soup Chef.", "Tomato soup.", "Thirty four Main Street."]
        let transcripts = outline(try await Self.pipeline(said, on: daemon)).filter { $0.hasPrefix("transcript") }
        #expect(transcripts.count == 3, "\(transcripts)")
        // The number as digits, and words no grammar of the tables holds (“34 when st” for eSpeak NG's “main street”).
        #expect(transcripts.last?.hasPrefix("transcript: 34 ") == true, "\(transcripts)")
        try await daemon.shutdown()
    }

    /// Two people at the address question; one's audio stops arriving mid-answer while the
    /// one dictation decoder is hers, the other's whole answer waits behind it. At the audio
    /// timeout the stalled turn ends and gives the decoder back, and the other is heard.
    @Test(.timeLimit(.minutes(2))) func aStalledOpenAnswerGivesTheDictationDecoderBack() async throws {
        let daemon = try TestDaemon(speech: Self.engines)
        for connection in 1...2 {
            var (session, events) = daemon.session(connection)
            for said in ["order delivery from soup chef", "tomato soup"] {
                try await session.receive(WyomingEvent.transcript(Transcript(text: said)).frame)
            }
            #expect(events.take().last?.handledText == "Where should we deliver it?")
        }
        let speech = try commandSpeech("thirty four main street", wordsPerMinute: 150)
        let audio = SpeechAudio(samples: speech.samples, sampleRate: speech.sampleRate)
        var (stalled, stalledEvents) = daemon.session(1)
        try await stalled.receive(WyomingEvent.transcribe(Transcribe()).frame)
        try await stalled.receive(WyomingEvent.audioStart(AudioFormat(rate: audio.sampleRate), timestamp: nil).frame)
        try await stream(SpeechAudio(samples: Array(audio.samples.prefix(audio.samples.count / 2)), sampleRate: audio.sampleRate), into: &stalled)
        try await Task.sleep(for: .seconds(1))  // its stream takes the dictation decoder (which decodes the same either way)
        let answered = Task {
            var (other, otherEvents) = daemon.session(2)  // conversation connection-2, at its address question
            try await other.receive(WyomingEvent.transcribe(Transcribe()).frame)
            try await other.receive(WyomingEvent.audioStart(AudioFormat(rate: audio.sampleRate), timestamp: nil).frame)
            try await stream(audio, into: &other)
            try await other.receive(WyomingEvent.audioStop(timestamp: nil).frame)  // waits for the decoder
            return otherEvents.take()
        }
        try await stalled.checkAudioStall(now: .now + daemon.context.configuration.audioTimeout)
        #expect(stalledEvents.take().map(\.errorCode) == ["audio-timeout"])
        let events = try await answered.value
        guard case .transcript(let transcript)? = events.first else {
            Issue.record("no transcript: \(events)")
            return
        }
        #expect(transcript.text.hasPrefix("34 "), "\(transcript.text)")
        try await daemon.shutdown()
    }

    /// Satellites streaming at the same time are each decoded on their own pair of decoders
    /// while they speak, and each hears only its own speaker.
    @Test func satellitesSpeakingAtOnceAreEachHeardRight() async throws {
        let daemon = try TestDaemon(speech: Self.engines)
        guard let synthesizer = Self.engines.synthesizer else {
            Issue.record("no synthesizer")
            return
        }
        let said = ["Order soup with Soup Chef.", "Start meditation with Still Mind.", "What can I say?", "Cancel."]
        var audio: [SpeechAudio] = []
        for text in said {
            let speech = try await synthesizer.synthesize(text, voice: nil)
            let silence = SpeechAudio(silence: .seconds(1), sampleRate: speech.sampleRate).samples
            audio.append(SpeechAudio(samples: silence + speech.samples + silence, sampleRate: speech.sampleRate))
        }
        let heard = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for (index, clip) in audio.enumerated() {
                group.addTask {
                    var (session, recorder) = daemon.session(index + 1)
                    try await session.receive(WyomingEvent.runPipeline(RunPipeline(startStage: .asr, endStage: .asr)).frame)
                    for start in stride(from: 0, to: clip.samples.count, by: 441) {  // 20 ms pieces, all four at once
                        let chunk = AudioChunk(samples: clip.samples[start..<min(clip.samples.count, start + 441)], rate: clip.sampleRate)
                        try await session.receive(WyomingEvent.audioChunk(chunk).frame)
                        await Task.yield()
                    }
                    let transcripts = recorder.take().compactMap { event -> String? in
                        if case .transcript(let transcript) = event { transcript.text } else { nil }
                    }
                    return (index, transcripts.joined(separator: "|"))
                }
            }
            var heard = [String](repeating: "", count: audio.count)
            for try await (index, text) in group { heard[index] = text.replacingOccurrences(of: " ", with: "") }
            return heard
        }
        #expect(heard == ["ordersoupwithsoupchef", "startmeditationwithstillmind", "whatcanisay", "cancel"])
        try await daemon.shutdown()
    }
}

/// The mono audio of a reply in `events`.
func spokenAudio(_ events: [WyomingEvent]) -> SpeechAudio {
    var rate = 0
    var samples: [Int16] = []
    for event in events {
        if case .audioChunk(let chunk) = event {
            rate = chunk.format.rate
            samples += chunk.monoSamples
        }
    }
    return SpeechAudio(samples: samples, sampleRate: rate)
}
