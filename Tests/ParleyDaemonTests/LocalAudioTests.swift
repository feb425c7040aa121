import Foundation
import NIOCore
import NIOPosix
@testable import ParleyDaemon
import ParleyWyoming
import Testing

@Suite struct LocalListenerTests {
    @Test func wakePhraseAloneThenACommand() {
        var listener = LocalListener(wakePhrase: "hey parley")
        #expect(listener.listensForWakePhrase)
        #expect(listener.heard("order soup with soup chef") == .ignore)
        #expect(listener.heard("hey parley") == .awake)
        #expect(!listener.listensForWakePhrase)
        #expect(listener.heard("order soup with soup chef") == .turn("order soup with soup chef", quietUnlessUnderstood: false))
        listener.turnEnded(expectsAnswer: true)
        #expect(listener.heard("chowder") == .turn("chowder", quietUnlessUnderstood: false))
        listener.turnEnded(expectsAnswer: false)
        #expect(listener.phase == .dormant)
    }

    @Test func wakePhraseAndCommandInOneBreath() {
        var listener = LocalListener(wakePhrase: "Hey, Parley!")
        #expect(listener.heard("hey parley order soup with soup chef") == .turn("order soup with soup chef", quietUnlessUnderstood: false))
    }

    @Test func withoutAWakePhraseShortcutsAreListenedForQuietly() {
        var listener = LocalListener(wakePhrase: "")
        #expect(!listener.listensForWakePhrase)
        #expect(listener.heard("sing me a song") == .turn("sing me a song", quietUnlessUnderstood: true))
        #expect(listener.heard("") == .ignore)
        #expect(listener.windowPassed() == .ignore)
    }

    @Test func theWindowPassingIsSilenceOnlyWhenAnAnswerIsAwaited() {
        var listener = LocalListener(wakePhrase: "hey parley")
        #expect(listener.windowPassed() == .ignore)
        _ = listener.heard("hey parley")
        #expect(listener.windowPassed() == .ignore)
        #expect(listener.phase == .dormant)
        listener.turnEnded(expectsAnswer: true)
        #expect(listener.windowPassed() == .silence)
        #expect(listener.heard("") == .silence)
    }
}

/// Microphone audio of `utterances`, each followed by `gap` of silence, at 16 kHz.
func microphone(_ utterances: [String], gap: Duration = .seconds(5)) -> [Int16] {
    utterances.flatMap { LoopbackSpeech.utterance($0, before: .milliseconds(500), after: gap).samples }
}

@Suite struct LocalAudioLoopTests {
    /// Runs the loop over `samples` in 100 ms pieces; returns the replies queued, decoded.
    func replies(to samples: [Int16], wakePhrase: String = "hey parley") async throws -> [String] {
        let daemon = try TestDaemon { $0.wakePhrase = wakePhrase }
        let (stream, queue) = AsyncStream.makeStream(of: SpeechAudio.self)
        var loop = LocalAudioLoop(context: daemon.context, queue: queue, logger: daemon.context.logger)
        for start in stride(from: 0, to: samples.count, by: 1600) {
            try await loop.hear(samples: samples[start..<min(samples.count, start + 1600)])
        }
        try await loop.microphoneEnded()
        queue.finish()
        var texts: [String] = []
        for await audio in stream { texts.append(audio.samples.count < 4000 ? "<cue>" : LoopbackSpeech.decode(audio.samples)) }
        try await daemon.shutdown()
        return texts
    }

    @Test func aWholeConversationByVoice() async throws {
        let said = ["sing me a song", "hey parley order soup with soup chef", "chowder", "the second one", "yes"]
        let heard = try await replies(to: microphone(said))
        #expect(heard == [
            "Which soup do you want?", "Clam chowder, tomato soup, or chicken noodle soup?",
            "Which store do you want to order from?", "38801 South Sheridan Boulevard or 7401 South Lewis Avenue?",
            "Ready to order 1 clam chowder?", "Your clam chowder will be ready in 10 minutes.", "That's $4.50.",
        ])
    }

    @Test func theWakePhraseAloneGetsACueThenTheCommand() async throws {
        let heard = try await replies(to: microphone(["hey parley", "order soup with soup chef"]))
        #expect(heard.first == "<cue>")
        #expect(heard.dropFirst().first == "Which soup do you want?")
    }

    @Test func withoutAWakePhraseRoomTalkIsIgnored() async throws {
        let heard = try await replies(to: microphone(["sing me a song", "order soup with soup chef"]), wakePhrase: "")
        #expect(heard.first == "Which soup do you want?")
    }

    @Test func theReplysEchoIsNotAnAnswer() async throws {
        // The speaker is heard by the microphone right after the question: it must not answer it.
        let question = LoopbackSpeech.encode("Which soup do you want?") + LoopbackSpeech.encode("chowder")
        let samples = microphone(["hey parley order soup with soup chef"], gap: .milliseconds(400)) + question
            + SpeechAudio(silence: .seconds(5), sampleRate: 16_000).samples + microphone(["tomato"])
        let heard = try await replies(to: samples)
        #expect(heard.count == 4)
        #expect(heard.last == "7401 South Lewis Avenue?" || heard.last?.hasSuffix("Lewis Avenue?") == true)
        #expect(heard.dropFirst(2).first == "Which store do you want to order from?")
    }

    /// A microphone that goes quiet mid-utterance (a command that hangs without ending): at the
    /// audio timeout the utterance is dropped and its stream given up; listening starts afresh.
    @Test func anUtteranceWhoseMicrophoneGoesQuietIsDropped() async throws {
        let daemon = try TestDaemon { $0.audioTimeout = .seconds(10) }
        let (_, queue) = AsyncStream.makeStream(of: SpeechAudio.self)
        var loop = LocalAudioLoop(context: daemon.context, queue: queue, logger: daemon.context.logger)
        let speech = LoopbackSpeech.utterance("hey parley order soup with soup chef", before: .milliseconds(500), after: .zero).samples
        try await loop.hear(samples: speech.prefix(speech.count / 2))
        #expect(loop.streamed != nil, "speech started")
        loop.checkStall(now: .now + .seconds(9))
        try await loop.hear(ByteBuffer())  // the wake-up, too early too
        #expect(loop.streamed != nil)
        loop.checkStall(now: .now + .seconds(10))
        #expect(loop.streamed == nil && loop.endpointer == nil)
        queue.finish()
        try await daemon.shutdown()
    }

    @Test func silenceAfterAQuestionAsksAgainThenEnds() async throws {
        let samples = microphone(["hey parley order soup with soup chef"], gap: .seconds(30))
        let heard = try await replies(to: samples)
        #expect(heard.contains("Sorry, I didn't hear anything."))
        #expect(heard.last == "I didn't hear an answer, so I stopped.")
    }
}

@Suite struct LocalAudioServiceTests {
    @Test func microphoneAndSpeakerThroughCommands() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-local-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("mic.raw")
        let output = folder.appendingPathComponent("speaker.raw")
        let samples = microphone(["hey parley order soup with soup chef", "tomato"])
        try Data(samples.flatMap { sample -> [UInt8] in let bits = UInt16(bitPattern: sample); return [UInt8(bits & 0xFF), UInt8(bits >> 8)] })
            .write(to: input)
        let daemon = try TestDaemon {
            $0.micCommand = "cat '\(input.path)'"
            $0.sndCommand = "cat >> '\(output.path)'"
        }
        let service = LocalAudioService(context: daemon.context, pool: daemon.pool, micCommand: "cat '\(input.path)'")
        try await service.run()  // returns when the microphone stream ends and the replies have played
        let played = try Data(contentsOf: output)
        let speaker = stride(from: 0, to: played.count - 1, by: 2).map { Int16(bitPattern: UInt16(played[$0]) | UInt16(played[$0 + 1]) << 8) }
        #expect(LoopbackSpeech.decode(speaker).hasPrefix("Which soup do you want?Clam chowder"))
        #expect(LoopbackSpeech.decode(speaker).hasSuffix("Which store do you want to order from?38801 South Sheridan Boulevard or 7401 South Lewis Avenue?"))
        try await daemon.shutdown()
    }
}
