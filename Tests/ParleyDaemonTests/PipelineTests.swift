import Foundation
import ParleyDaemon
import ParleyWyoming
import Testing

/// Streams `audio` into `session` as 64 ms chunks, without audio-start or audio-stop.
func stream(_ audio: SpeechAudio, into session: inout WyomingSession) async throws {
    for start in stride(from: 0, to: audio.samples.count, by: 1024) {
        let chunk = AudioChunk(samples: audio.samples[start..<min(audio.samples.count, start + 1024)], rate: audio.sampleRate)
        try await session.receive(WyomingEvent.audioChunk(chunk).frame)
    }
}

/// The reply audio in `events`, decoded back to text.
func spokenReply(_ events: [WyomingEvent]) -> String {
    LoopbackSpeech.decode(events.flatMap { event -> [Int16] in if case .audioChunk(let chunk) = event { chunk.monoSamples } else { [] } })
}

/// Events without audio chunks, for comparing the shape of a pipeline run.
func outline(_ events: [WyomingEvent]) -> [String] {
    events.compactMap { event in
        switch event {
        case .audioChunk: nil
        case .transcript(let transcript): "transcript: \(transcript.text)"
        case .runPipeline(let run): "run-pipeline \(run.startStage.rawValue)→\(run.endStage.rawValue)"
        default: event.frame.type
        }
    }
}

@Suite struct PipelineTests {
    let asrToTts = WyomingEvent.runPipeline(RunPipeline(startStage: .asr, endStage: .tts))

    @Test func multiTurnPipelineWithAudioBothWaysAndOwnEndpointing() async throws {
        let daemon = try TestDaemon()
        var (session, recorder) = daemon.session()
        try await session.receive(asrToTts.frame)
        for (index, (said, reply)) in soupOrder.enumerated() {
            try await stream(LoopbackSpeech.utterance(said), into: &session)
            let events = recorder.take()
            let last = index == soupOrder.count - 1
            #expect(outline(events) == ["voice-started", "voice-stopped", "transcript: \(said)", "audio-start", "audio-stop"]
                + (last ? [] : ["run-pipeline asr→tts"]), "turn \(index)")
            #expect(spokenReply(events) == sentencesJoined(reply))
            try await session.receive(WyomingEvent.played.frame)
        }
        try await daemon.shutdown()
    }

    @Test func audioStopEndsTheStageWhenThePeerSaysSo() async throws {
        let daemon = try TestDaemon()
        var (session, recorder) = daemon.session()
        try await session.receive(WyomingEvent.runPipeline(RunPipeline(startStage: .asr, endStage: .handle)).frame)
        try await session.receive(WyomingEvent.audioStart(.recognizer, timestamp: nil).frame)
        try await stream(LoopbackSpeech.utterance("order soup with soup chef", after: .milliseconds(100)), into: &session)
        try await session.receive(WyomingEvent.audioStop(timestamp: nil).frame)
        // The stage ends once: a second audio-stop changes nothing.
        try await session.receive(WyomingEvent.audioStop(timestamp: nil).frame)
        let events = recorder.take()
        #expect(outline(events) == ["voice-started", "voice-stopped", "transcript: order soup with soup chef", "handled", "run-pipeline asr→handle"])
        #expect(events.compactMap(\.handledText) == [soupOrder[0].reply])
        try await daemon.shutdown()
    }

    @Test func silenceInTheListeningWindowAsksOnceMoreThenEnds() async throws {
        let daemon = try TestDaemon { $0.listeningWindow = .seconds(2) }
        var (session, recorder) = daemon.session()
        try await session.receive(asrToTts.frame)
        try await stream(LoopbackSpeech.utterance("order soup with soup chef"), into: &session)
        _ = recorder.take()
        try await session.receive(WyomingEvent.played.frame)
        try await stream(SpeechAudio(silence: .seconds(3), sampleRate: 16_000), into: &session)
        var events = recorder.take()
        #expect(outline(events) == ["transcript: ", "audio-start", "audio-stop", "run-pipeline asr→tts"])
        #expect(spokenReply(events).hasSuffix("Clam chowder, tomato soup, or chicken noodle soup?"))
        try await session.receive(WyomingEvent.played.frame)
        try await stream(SpeechAudio(silence: .seconds(3), sampleRate: 16_000), into: &session)
        events = recorder.take()
        #expect(outline(events) == ["transcript: ", "audio-start", "audio-stop"])
        #expect(spokenReply(events) == "I didn't hear an answer, so I stopped.")
        try await daemon.shutdown()
    }

    @Test func nothingSaidWithNothingGoingOnEndsQuietly() async throws {
        let daemon = try TestDaemon { $0.listeningWindow = .seconds(1) }
        var (session, recorder) = daemon.session()
        try await session.receive(asrToTts.frame)
        try await stream(SpeechAudio(silence: .seconds(2), sampleRate: 16_000), into: &session)
        #expect(outline(recorder.take()) == ["transcript: "])
        try await daemon.shutdown()
    }

    @Test func replyEchoIsIgnoredUntilPlayed() async throws {
        let daemon = try TestDaemon()
        var (session, recorder) = daemon.session()
        try await session.receive(asrToTts.frame)
        try await stream(LoopbackSpeech.utterance("order soup with soup chef"), into: &session)
        let reply = recorder.take()
        // The satellite's microphone hears the reply: that audio must not become an answer.
        let echoSamples = reply.flatMap { event -> [Int16] in if case .audioChunk(let chunk) = event { chunk.monoSamples } else { [] } }
        let echo = SpeechAudio(samples: echoSamples, sampleRate: 16_000)
        try await stream(echo, into: &session)
        #expect(recorder.take().isEmpty)
        try await session.receive(WyomingEvent.played.frame)
        try await stream(LoopbackSpeech.utterance("chowder"), into: &session)
        #expect(outline(recorder.take()).contains("transcript: chowder"))
        try await daemon.shutdown()
    }

    @Test func handleStagePipelineTakesATranscript() async throws {
        let daemon = try TestDaemon()
        var (session, recorder) = daemon.session()
        try await session.receive(WyomingEvent.runPipeline(RunPipeline(startStage: .handle, endStage: .tts)).frame)
        try await session.receive(WyomingEvent.transcript(Transcript(text: "order soup with soup chef")).frame)
        let events = recorder.take()
        #expect(outline(events) == ["audio-start", "audio-stop"])
        #expect(spokenReply(events) == sentencesJoined(soupOrder[0].reply))
        try await daemon.shutdown()
    }

    @Test func wakeStageIsRefusedWithACode() async throws {
        let daemon = try TestDaemon()
        var (session, recorder) = daemon.session()
        try await session.receive(WyomingEvent.runPipeline(RunPipeline(startStage: .wake, endStage: .tts)).frame)
        if case .error(_, let code)? = recorder.take().first { #expect(code == "unsupported-stage") } else { Issue.record("no error") }
        try await daemon.shutdown()
    }
}

/// Loopback speech that remembers the contexts its streams were opened with.
final class LeadInRecorder: SpeechRecognizing, @unchecked Sendable {
    private let lock = NSLock()
    private var contexts: [ListeningContext] = []
    var opened: [ListeningContext] { lock.withLock { contexts } }

    func recognize(_ audio: SpeechAudio, context: ListeningContext) async throws -> HeardSpeech {
        try await LoopbackSpeech().recognize(audio, context: context)
    }

    func stream(sampleRate: Int, context: ListeningContext) -> any UtteranceStream {
        lock.withLock { contexts.append(context) }
        return CollectingUtteranceStream(sampleRate: sampleRate) { audio in try await self.recognize(audio, context: context) }
    }
}

@Suite struct LeadInTests {
    /// The endpointed utterance starts with the pre-roll, audio from before the speech: the
    /// recognizer is told how long it is, to learn the room's noise from it.
    @Test func endpointedStreamsKnowTheirPreRoll() async throws {
        let recorder = LeadInRecorder()
        let daemon = try TestDaemon(speech: SpeechEngines(recognizer: recorder, synthesizer: LoopbackSpeech()))
        var (session, events) = daemon.session()
        try await session.receive(WyomingEvent.runPipeline(RunPipeline(startStage: .asr, endStage: .handle)).frame)
        try await stream(LoopbackSpeech.utterance("order soup with soup chef"), into: &session)
        #expect(outline(events.take()).contains("transcript: order soup with soup chef"))
        let contexts = recorder.opened
        #expect(contexts.count == 1)
        #expect(contexts.first?.isEndpointed == true)
        #expect(contexts.first?.leadIn == EndpointerSettings().preRoll)
        #expect(EndpointerSettings().preRoll == .milliseconds(200))
        try await daemon.shutdown()
    }
}
