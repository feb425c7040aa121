import NIOCore
import NIOPosix
import ParleyWyoming

/// Why the client stopped.
public enum WyomingClientError: Error, Sendable, CustomStringConvertible {
    /// The peer closed the connection while a reply was awaited.
    case connectionClosed
    /// The peer answered `error`.
    case peer(code: String?, text: String)

    public var description: String {
        switch self {
        case .connectionClosed: "the connection closed"
        case .peer(let code, let text): "the server answered an error (\(code ?? "no code")): \(text)"
        }
    }
}

/// A Wyoming connection from the client side: `parley` talking to parleyd, tests, benchmarks.
public struct WyomingClient {
    private let outbound: NIOAsyncChannelOutboundWriter<WyomingFrame>
    private var inbound: NIOAsyncChannelInboundStream<WyomingFrame>.AsyncIterator

    /// Connects to `address`, runs `body` with the connection, then closes it.
    public static func withConnection<Result: Sendable>(
        to address: ListenAddress, limits: WyomingLimits = WyomingLimits(),
        _ body: (inout WyomingClient) async throws -> Result
    ) async throws -> Result {
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        let initializer: @Sendable (any Channel) -> EventLoopFuture<NIOAsyncChannel<WyomingFrame, WyomingFrame>> = { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandlers(
                    ByteToMessageHandler(WyomingFrameDecoder(limits: limits)), MessageToByteHandler(WyomingFrameEncoder()))
                return try NIOAsyncChannel(wrappingChannelSynchronously: channel)
            }
        }
        let channel: NIOAsyncChannel<WyomingFrame, WyomingFrame>
        switch address {
        case .tcp(let host, let port):
            channel = try await bootstrap.channelOption(.tcpOption(.tcp_nodelay), value: 1)
                .connect(host: host, port: port, channelInitializer: initializer)
        case .unix(let path):
            channel = try await bootstrap.connect(unixDomainSocketPath: path, channelInitializer: initializer)
        }
        return try await channel.executeThenClose { inbound, outbound in
            var client = WyomingClient(outbound: outbound, inbound: inbound.makeAsyncIterator())
            return try await body(&client)
        }
    }

    /// Sends `event`.
    public func send(_ event: WyomingEvent) async throws {
        try await outbound.write(event.frame)
    }

    /// A sender for this connection that a concurrent task can write with while this one reads.
    public var sender: WyomingSender { WyomingSender(outbound: outbound) }

    /// The next event, or nil when the server closed the connection.
    public mutating func receive() async throws -> WyomingEvent? {
        guard let frame = try await inbound.next() else { return nil }
        return try WyomingEvent(frame: frame)
    }

    /// The next event that is not audio or VAD news, throwing on `error` or a closed connection.
    public mutating func reply() async throws -> WyomingEvent {
        guard let event = try await receive() else { throw WyomingClientError.connectionClosed }
        if case .error(let text, let code) = event { throw WyomingClientError.peer(code: code, text: text) }
        return event
    }

    /// One handle turn: sends `text` as a `transcript` of `conversationID`, returns the reply
    /// text and whether it was `handled`.
    public mutating func handle(_ text: String, conversationID: String) async throws -> (text: String, handled: Bool) {
        try await send(.transcript(Transcript(text: text, context: ["conversation_id": .string(conversationID)])))
        while true {
            switch try await reply() {
            case .handled(let reply, _): return (reply ?? "", true)
            case .notHandled(let reply, _): return (reply ?? "", false)
            default: continue
            }
        }
    }

    /// Collects one audio reply (`audio-start` … `audio-stop`) as mono samples.
    public mutating func audioReply() async throws -> SpeechAudio {
        var samples: [Int16] = []
        var rate = 0
        while true {
            switch try await reply() {
            case .audioStart(let format, _): rate = format.rate
            case .audioChunk(let chunk):
                rate = chunk.format.rate
                samples += chunk.monoSamples
            case .audioStop: return SpeechAudio(samples: samples, sampleRate: rate)
            default: continue
            }
        }
    }

    /// Sends `audio` as chunks of `chunkDuration` (no `audio-start` or `audio-stop`).
    public func stream(_ audio: SpeechAudio, chunkDuration: Duration = .milliseconds(64)) async throws {
        let length = max(1, Endpointer.samples(chunkDuration, rate: audio.sampleRate))
        var offset = 0
        while offset < audio.samples.count {
            let end = min(audio.samples.count, offset + length)
            try await send(.audioChunk(AudioChunk(samples: audio.samples[offset..<end], rate: audio.sampleRate)))
            offset = end
        }
    }
}

/// The sending half of a `WyomingClient`, for writing from another task.
public struct WyomingSender: Sendable {
    let outbound: NIOAsyncChannelOutboundWriter<WyomingFrame>

    /// Sends `event`.
    public func send(_ event: WyomingEvent) async throws {
        try await outbound.write(event.frame)
    }
}
