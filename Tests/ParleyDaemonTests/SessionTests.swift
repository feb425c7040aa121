import Foundation
import ParleyDaemon
import ParleyWyoming
import Testing

/// The soup order of `conversation.md`, turn by turn, with what Parley says back.
let soupOrder: [(said: String, reply: String)] = [
    ("order soup with soup chef", "Which soup do you want? Clam chowder, tomato soup, or chicken noodle soup?"),
    ("chowder", "Which store do you want to order from? 38801 South Sheridan Boulevard or 7401 South Lewis Avenue?"),
    ("the second one", "Ready to order 1 clam chowder?"),
    ("yes", "Your clam chowder will be ready in 10 minutes. That's $4.50."),
]

@Suite struct SessionTests {
    @Test func describeAdvertisesAsrTtsAndHandle() async throws {
        let daemon = try TestDaemon()
        var (session, recorder) = daemon.session()
        try await session.receive(WyomingEvent.describe.frame)
        guard case .info(let info)? = recorder.take().first else {
            Issue.record("no info")
            return
        }
        #expect(info[.asr].first?.installed == true)
        #expect(info[.tts].first?.installed == true)
        #expect(info[.handle].first?.installed == true)
        #expect(info[.handle].first?.description?.contains("Soup Chef") == true)
        try await daemon.shutdown()
    }

    @Test func withoutSpeechOnlyHandleIsInstalledAndAsrIsRefused() async throws {
        let daemon = try TestDaemon(speech: .none)
        var (session, recorder) = daemon.session()
        try await session.receive(WyomingEvent.describe.frame)
        guard case .info(let info)? = recorder.take().first else {
            Issue.record("no info")
            return
        }
        #expect(info[.asr].first?.installed == false)
        #expect(info[.handle].first?.installed == true)
        try await session.receive(WyomingEvent.transcribe(Transcribe()).frame)
        try await session.receive(WyomingEvent.synthesize(Synthesize(text: "hi")).frame)
        #expect(recorder.take() == [
            .error(text: "Speech recognition is not available.", code: "asr-unavailable"),
            .error(text: "Speech synthesis is not available.", code: "tts-unavailable"),
        ])
        try await daemon.shutdown()
    }

    @Test func pingIsAnsweredAndUnknownEventsIgnored() async throws {
        let daemon = try TestDaemon()
        var (session, recorder) = daemon.session()
        try await session.receive(WyomingFrame(type: "timer-started", data: ["id": "x"]))
        try await session.receive(WyomingEvent.ping(text: "abc").frame)
        try await session.receive(WyomingEvent.ping(text: nil).frame)
        #expect(recorder.take() == [.pong(text: "abc"), .pong(text: nil)])
        try await daemon.shutdown()
    }

    @Test func invalidEventGetsAnErrorAndTheSessionGoesOn() async throws {
        let daemon = try TestDaemon()
        var (session, recorder) = daemon.session()
        try await session.receive(WyomingFrame(type: "transcript", data: ["text": 42]))
        try await session.receive(WyomingEvent.ping(text: "still here").frame)
        let events = recorder.take()
        guard case .error(_, let code)? = events.first else {
            Issue.record("no error: \(events)")
            return
        }
        #expect(code == "invalid-event")
        #expect(events.last == .pong(text: "still here"))
        try await daemon.shutdown()
    }

    @Test func handleConversationContinuesAcrossTurnsOfOneConversationID() async throws {
        let daemon = try TestDaemon()
        var (session, recorder) = daemon.session()
        for (said, reply) in soupOrder {
            try await session.receive(WyomingEvent.transcript(Transcript(text: said, context: ["conversation_id": "soup-1"])).frame)
            #expect(recorder.take() == [.handled(text: reply, context: ["conversation_id": "soup-1"])])
        }
        // Ended conversations are dropped; the id starts afresh.
        #expect(daemon.context.conversations.count == 0)
        try await daemon.shutdown()
    }

    @Test func notUnderstoodIsNotHandledAndContextIsKept() async throws {
        let daemon = try TestDaemon()
        var (session, recorder) = daemon.session()
        try await session.receive(WyomingEvent.transcript(Transcript(text: "sing me a song", context: ["conversation_id": "x", "extra": 1])).frame)
        #expect(recorder.take() == [.notHandled(text: "Sorry, I don't know how to help with that.", context: ["conversation_id": "x", "extra": 1])])
        try await daemon.shutdown()
    }

    @Test func withoutConversationIDTheConnectionIsTheConversation() async throws {
        let daemon = try TestDaemon()
        var (first, firstRecorder) = daemon.session(1)
        var (second, secondRecorder) = daemon.session(2)
        try await first.receive(WyomingEvent.transcript(Transcript(text: "order soup with soup chef")).frame)
        try await second.receive(WyomingEvent.transcript(Transcript(text: "chowder")).frame)
        try await first.receive(WyomingEvent.transcript(Transcript(text: "chowder")).frame)
        #expect(firstRecorder.take().map(\.handledText) == [soupOrder[0].reply, soupOrder[1].reply])
        #expect(secondRecorder.take() == [.notHandled(text: "Sorry, I don't know how to help with that.", context: ["conversation_id": "connection-2"])])
        try await daemon.shutdown()
    }

    @Test func transcribeReturnsWhatWasHeard() async throws {
        let daemon = try TestDaemon()
        var (session, recorder) = daemon.session()
        let audio = LoopbackSpeech.utterance("order soup with soup chef")
        try await session.receive(WyomingEvent.transcribe(Transcribe(language: "en")).frame)
        try await session.receive(WyomingEvent.audioStart(.recognizer, timestamp: nil).frame)
        try await stream(audio, into: &session)
        #expect(recorder.take().isEmpty)  // ASR waits for audio-stop
        try await session.receive(WyomingEvent.audioStop(timestamp: nil).frame)
        #expect(recorder.take() == [.transcript(Transcript(text: "order soup with soup chef", language: "en"))])
        try await daemon.shutdown()
    }

    @Test func audioPastTheLimitIsRefusedOnce() async throws {
        let daemon = try TestDaemon { $0.maxAudioPerTurn = .seconds(1) }
        var (session, recorder) = daemon.session()
        try await session.receive(WyomingEvent.transcribe(Transcribe()).frame)
        let second = SpeechAudio(silence: .seconds(1), sampleRate: 16_000)
        for _ in 0..<3 {
            try await session.receive(WyomingEvent.audioChunk(AudioChunk(samples: second.samples[...], rate: 16_000)).frame)
        }
        try await session.receive(WyomingEvent.audioStop(timestamp: nil).frame)
        let events = recorder.take()
        #expect(events.count == 1)
        if case .error(_, let code)? = events.first { #expect(code == "audio-too-long") } else { Issue.record("\(events)") }
        try await daemon.shutdown()
    }

    /// A peer whose audio stops arriving mid-turn: the turn ends at the audio timeout, by the
    /// session's own clock, with an `audio-timeout` error; the connection serves on.
    @Test func aTurnWhoseAudioStopsArrivingIsEndedAndTheNextIsHeard() async throws {
        let daemon = try TestDaemon { $0.audioTimeout = .seconds(10) }
        var (session, recorder) = daemon.session()
        let audio = LoopbackSpeech.utterance("order soup with soup chef")
        try await session.receive(WyomingEvent.transcribe(Transcribe(language: "en")).frame)
        try await session.receive(WyomingEvent.audioStart(.recognizer, timestamp: nil).frame)
        try await session.receive(WyomingEvent.audioChunk(AudioChunk(samples: audio.samples[0..<1024], rate: 16_000)).frame)
        try await session.checkAudioStall(now: .now + .seconds(9))
        try await session.receive(WyomingFrame(type: "parley-quiet"))  // the server's wake-up: too early too
        #expect(recorder.take().isEmpty)
        try await session.checkAudioStall(now: .now + .seconds(10))
        #expect(recorder.take() == [PeerError(code: "audio-timeout", text: "No audio arrived for 10 seconds, so I stopped listening.").event])
        try await session.receive(WyomingEvent.audioStop(timestamp: nil).frame)
        #expect(recorder.take().isEmpty, "the stalled turn is gone: its late end is nobody's")
        try await session.receive(WyomingEvent.transcribe(Transcribe(language: "en")).frame)
        try await session.receive(WyomingEvent.audioStart(.recognizer, timestamp: nil).frame)
        try await stream(audio, into: &session)
        try await session.receive(WyomingEvent.audioStop(timestamp: nil).frame)
        #expect(recorder.take() == [.transcript(Transcript(text: "order soup with soup chef", language: "en"))])
        try await daemon.shutdown()
    }

    /// Only a turn being heard can stall: an idle connection, a pipeline not yet sent audio and
    /// one waiting for a transcript are left alone however long they are quiet.
    @Test func aQuietConnectionWithoutAudioIsLeftAlone() async throws {
        let daemon = try TestDaemon { $0.audioTimeout = .seconds(1) }
        var (session, recorder) = daemon.session()
        try await session.checkAudioStall(now: .now + .seconds(3600))
        try await session.receive(WyomingEvent.runPipeline(RunPipeline(startStage: .asr, endStage: .tts)).frame)
        try await session.checkAudioStall(now: .now + .seconds(3600))
        #expect(recorder.take().isEmpty)
        try await session.receive(WyomingEvent.audioStart(.recognizer, timestamp: nil).frame)
        try await session.checkAudioStall(now: .now + .seconds(2))
        #expect(recorder.take().map(\.errorCode) == ["audio-timeout"], "a pipeline sent audio-start is listening")
        var (waiting, waitingEvents) = daemon.session(2)
        try await waiting.receive(WyomingEvent.runPipeline(RunPipeline(startStage: .intent, endStage: .tts)).frame)
        try await waiting.receive(WyomingEvent.audioStart(.recognizer, timestamp: nil).frame)
        try await waiting.checkAudioStall(now: .now + .seconds(3600))
        #expect(waitingEvents.take().isEmpty, "a pipeline from intent waits for a transcript, not audio")
        try await daemon.shutdown()
    }

    /// The timeout of 0 turns the check off.
    @Test func anAudioTimeoutOfZeroNeverEndsATurn() async throws {
        let daemon = try TestDaemon { $0.audioTimeout = .zero }
        var (session, recorder) = daemon.session()
        try await session.receive(WyomingEvent.transcribe(Transcribe()).frame)
        try await session.receive(WyomingEvent.audioStart(.recognizer, timestamp: nil).frame)
        try await session.checkAudioStall(now: .now + .seconds(3600))
        #expect(recorder.take().isEmpty)
        try await daemon.shutdown()
    }

    @Test func synthesizeSendsExactlyOneStartAndStop() async throws {
        let daemon = try TestDaemon()
        var (session, recorder) = daemon.session()
        let text = "Your clam chowder will be ready in 10 minutes. That's $4.50."
        try await session.receive(WyomingEvent.synthesize(Synthesize(text: text)).frame)
        let events = recorder.take()
        #expect(events.filter { if case .audioStart = $0 { true } else { false } }.count == 1)
        #expect(events.filter { if case .audioStop = $0 { true } else { false } }.count == 1)
        guard case .audioStart? = events.first, case .audioStop? = events.last else {
            Issue.record("not framed by start and stop")
            return
        }
        let samples = events.flatMap { event -> [Int16] in if case .audioChunk(let chunk) = event { chunk.monoSamples } else { [] } }
        // Sentences are synthesized one by one and sent back to back.
        #expect(LoopbackSpeech.decode(samples) == sentencesJoined(text))
        try await daemon.shutdown()
    }
}
