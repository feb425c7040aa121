import Foundation
import NIOCore
import NIOPosix
@testable import ParleyDaemon
import ParleyWyoming
import Testing

@Suite struct SatelliteTests {
    /// A fake satellite: accepts parleyd, waits for `run-satellite`, streams an utterance into a
    /// pipeline without audio-start or audio-stop, and returns what parleyd sent back.
    @Test func parleydDialsASatelliteAndServesItsPipeline() async throws {
        let daemon = try TestDaemon()
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0, childChannelInitializer: WyomingChannel.initializer(limits: WyomingLimits(), idle: nil))
        guard let port = listener.channel.localAddress?.port else {
            Issue.record("no port")
            return
        }
        let service = SatelliteService(context: daemon.context, address: .tcp(host: "127.0.0.1", port: port), connections: ConnectionCounter())
        let received = try await withThrowingTaskGroup(of: [WyomingEvent]?.self) { group in
            group.addTask {
                try? await service.run()
                return nil
            }
            group.addTask {
                try await listener.executeThenClose { inbound in
                    var connections = inbound.makeAsyncIterator()
                    guard let connection = try await connections.next() else { return [] }
                    return try await connection.executeThenClose { frames, outbound in
                        var events: [WyomingEvent] = []
                        var iterator = frames.makeAsyncIterator()
                        guard let first = try await iterator.next() else { return [] }
                        events.append(try WyomingEvent(frame: first))
                        try await outbound.write(WyomingEvent.runPipeline(RunPipeline(startStage: .asr, endStage: .tts)).frame)
                        let audio = LoopbackSpeech.utterance("order soup with soup chef")
                        for start in stride(from: 0, to: audio.samples.count, by: 1024) {
                            let chunk = AudioChunk(samples: audio.samples[start..<min(audio.samples.count, start + 1024)], rate: 16_000)
                            try await outbound.write(WyomingEvent.audioChunk(chunk).frame)
                        }
                        while let frame = try await iterator.next() {
                            let event = try WyomingEvent(frame: frame)
                            if case .audioChunk = event { continue }
                            events.append(event)
                            if case .runPipeline = event { break }
                        }
                        return events
                    }
                }
            }
            var result: [WyomingEvent] = []
            for try await events in group {
                if let events {
                    result = events
                    group.cancelAll()
                }
            }
            return result
        }
        let outline = received.filter { if case .ping = $0 { false } else { true } }.map { event -> String in
            if case .transcript(let transcript) = event { return "transcript: \(transcript.text)" }
            return event.frame.type
        }
        #expect(outline == ["run-satellite", "voice-started", "voice-stopped", "transcript: order soup with soup chef",
                            "audio-start", "audio-stop", "run-pipeline"])
        try await daemon.shutdown()
    }
}
