import Foundation
import NIOCore
import NIOPosix
import ParleyDaemon
import ParleyWyoming
import Testing

/// Sends raw `bytes` on a new connection, then reads every frame until the server closes it.
func rawExchange(_ bytes: [UInt8], with address: ListenAddress) async throws -> (frames: [WyomingFrame], error: (any Error)?) {
    guard case .tcp(let host, let port) = address else { return ([], nil) }
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(host: host, port: port) { channel in
        channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
    }
    return try await channel.executeThenClose { inbound, outbound in
        // The server may answer and close before the bytes are written (a refused connection
        // does not wait for them); what it sent is still read below.
        if !bytes.isEmpty { try? await outbound.write(ByteBuffer(bytes: bytes)) }
        var received = ByteBuffer()
        for try await chunk in inbound { received.writeImmutableBuffer(chunk) }  // ends when the server closes
        var decoder = WyomingFrameDecoder()
        var frames: [WyomingFrame] = []
        do {
            while let frame = try decoder.decode(buffer: &received) { frames.append(frame) }
            _ = try decoder.decodeLast(buffer: &received, seenEOF: true)
        } catch {
            return (frames, error)
        }
        return (frames, nil)
    }
}

@Suite struct ServerTests {
    @Test func theSoupConversationOverTheSocketMatchesInProcess() async throws {
        let daemon = try TestDaemon()
        let replies = try await daemon.withServer { address in
            try await WyomingClient.withConnection(to: address) { client in
                var replies: [String] = []
                for (said, _) in soupOrder { replies.append(try await client.handle(said, conversationID: "socket-soup").text) }
                return replies
            }
        }
        #expect(replies == soupOrder.map(\.reply))
        try await daemon.shutdown()
    }

    @Test func eightConcurrentConversationsDoNotCrossTalk() async throws {
        let daemon = try TestDaemon()
        let soups = [("chowder", "clam chowder"), ("tomato", "tomato soup"), ("chicken noodle", "chicken noodle soup")]
        let stores = [("the first one", "38801 South Sheridan Boulevard"), ("the second one", "7401 South Lewis Avenue")]
        let results = try await daemon.withServer { address in
            try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
                for index in 0..<8 {
                    group.addTask {
                        try await WyomingClient.withConnection(to: address) { client in
                            let id = "conversation-\(index)"
                            var replies: [String] = []
                            for said in ["order soup with soup chef", soups[index % 3].0, stores[index % 2].0, "yes"] {
                                replies.append(try await client.handle(said, conversationID: id).text)
                            }
                            return (index, replies)
                        }
                    }
                }
                var all: [Int: [String]] = [:]
                for try await (index, replies) in group { all[index] = replies }
                return all
            }
        }
        for index in 0..<8 {
            let replies = results[index] ?? []
            #expect(replies.count == 4)
            #expect(replies.dropFirst(2).first == "Ready to order 1 \(soups[index % 3].1)?", "conversation \(index)")
            #expect(replies.last?.hasPrefix("Your \(soups[index % 3].1) will be ready") == true, "conversation \(index)")
        }
        try await daemon.shutdown()
    }

    @Test func garbageGetsAnErrorAndACloseThenTheServerServesOn() async throws {
        let daemon = try TestDaemon()
        try await daemon.withServer { address in
            let garbage = try await rawExchange(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8), with: address)
            #expect(garbage.error == nil)
            #expect(garbage.frames.map(\.type) == ["error"])
            #expect(garbage.frames.first?.data["code"] == "malformed-frame")
            let huge = try await rawExchange(Array("{\"type\":\"ping\",\"payload_length\":999999999}\n".utf8), with: address)
            #expect(huge.frames.first?.data["code"] == "payload-too-large")
            // A good frame before the garbage is answered first.
            let mixed = try await rawExchange(WyomingFrameEncoder().bytes(of: WyomingEvent.ping(text: "1").frame) + [0xFF, 0x0A], with: address)
            #expect(mixed.frames.map(\.type) == ["pong", "error"])
            let pong = try await WyomingClient.withConnection(to: address) { client in
                try await client.send(.ping(text: "after"))
                return try await client.reply()
            }
            #expect(pong == .pong(text: "after"))
        }
        try await daemon.shutdown()
    }

    /// Over a real socket, a client that stops sending mid-utterance is told `audio-timeout`
    /// (the server wakes the session when the connection goes quiet) and is served on.
    @Test(.timeLimit(.minutes(1))) func aClientWhoseAudioStallsIsToldAndServedOn() async throws {
        let daemon = try TestDaemon { $0.audioTimeout = .milliseconds(200) }
        let audio = LoopbackSpeech.utterance("order soup with soup chef")
        let events = try await daemon.withServer { address in
            try await WyomingClient.withConnection(to: address) { client in
                try await client.send(.transcribe(Transcribe(language: "en")))
                try await client.send(.audioStart(.recognizer, timestamp: nil))
                try await client.send(.audioChunk(AudioChunk(samples: audio.samples[0..<1024], rate: 16_000)))
                let stalled = try await client.receive()  // nothing more is sent until the server speaks
                try await client.send(.transcribe(Transcribe(language: "en")))
                try await client.stream(audio)
                try await client.send(.audioStop(timestamp: nil))
                return [stalled, try await client.receive()]
            }
        }
        #expect(events.first??.errorCode == "audio-timeout")
        #expect(events.last == .transcript(Transcript(text: "order soup with soup chef", language: "en")))
        try await daemon.shutdown()
    }

    @Test func tooManyConnectionsAreToldBusy() async throws {
        let daemon = try TestDaemon { $0.maxConnections = 1 }
        try await daemon.withServer { address in
            try await WyomingClient.withConnection(to: address) { first in
                try await first.send(.ping(text: "hold"))
                _ = try await first.reply()
                let refused = try await rawExchange([], with: address)
                #expect(refused.frames.first?.data["code"] == "busy")
            }
        }
        try await daemon.shutdown()
    }

    @Test func unixSocketsServeToo() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("parleyd-\(UUID().uuidString.prefix(8)).sock").path
        let daemon = try TestDaemon { $0.listen = [.unix(path: path)] }
        let reply = try await daemon.withServer { address in
            #expect(address == .unix(path: path))
            return try await WyomingClient.withConnection(to: address) { client in
                try await client.handle("order soup with soup chef", conversationID: "unix").text
            }
        }
        #expect(reply == soupOrder[0].reply)
        try await daemon.shutdown()
    }
}

@Suite struct PipelineBenchmarkTests {
    @Test func endOfSpeechToReplyIsMeasuredOverTheSocket() async throws {
        let daemon = try TestDaemon()
        let samples = try await daemon.withServer { address in
            try await PipelineBenchmark.endOfSpeechToReply("order soup with soup chef", at: address, rounds: 1)
        }
        #expect(samples.count == 1)
        #expect(samples.first?.transcript == "order soup with soup chef")
        // The endpointer waits for 300 ms of silence: the reply cannot come sooner.
        #expect((samples.first?.milliseconds ?? 0) >= 280)
        try await daemon.shutdown()
    }
}
