import NIOCore
import NIOPosix
import ParleyWyoming

/// How every Wyoming connection's pipeline is set up, accepted or dialed: an idle timeout,
/// the frame decoder with its limits, the encoder, and an async channel of frames.
enum WyomingChannel {
    typealias Connection = NIOAsyncChannel<WyomingFrame, WyomingFrame>

    static func initializer(limits: WyomingLimits, idle: Duration?) -> @Sendable (any Channel) -> EventLoopFuture<Connection> {
        { channel in
            channel.eventLoop.makeCompletedFuture {
                if let idle {
                    try channel.pipeline.syncOperations.addHandlers(
                        IdleStateHandler(readTimeout: TimeAmount.nanoseconds(Int64(idle.milliseconds) * 1_000_000)), IdleCloseHandler())
                }
                try channel.pipeline.syncOperations.addHandlers(
                    ByteToMessageHandler(WyomingFrameDecoder(limits: limits)), MessageToByteHandler(WyomingFrameEncoder()))
                return try Connection(wrappingChannelSynchronously: channel)
            }
        }
    }

    /// Dials `address`.
    static func connect(to address: ListenAddress, limits: WyomingLimits, idle: Duration?) async throws -> Connection {
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        let initializer = initializer(limits: limits, idle: idle)
        switch address {
        case .tcp(let host, let port):
            return try await bootstrap.channelOption(.tcpOption(.tcp_nodelay), value: 1)
                .connect(host: host, port: port, channelInitializer: initializer)
        case .unix(let path):
            return try await bootstrap.connect(unixDomainSocketPath: path, channelInitializer: initializer)
        }
    }
}

/// Closes a connection that sent nothing for the idle timeout.
final class IdleCloseHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = NIOAny

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }
}
