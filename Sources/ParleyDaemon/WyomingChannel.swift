import NIOCore
import NIOPosix
import ParleyWyoming

/// How every Wyoming connection's pipeline is set up, accepted or dialed: an idle timeout,
/// the frame decoder with its limits, the encoder, a `quiet` frame after half the audio timeout
/// without one (`QuietHandler`), and an async channel of frames.
enum WyomingChannel {
    typealias Connection = NIOAsyncChannel<WyomingFrame, WyomingFrame>

    static func initializer(limits: WyomingLimits, idle: Duration?, audioTimeout: Duration = .zero) -> @Sendable (any Channel) -> EventLoopFuture<Connection> {
        { channel in
            channel.eventLoop.makeCompletedFuture {
                if let idle {
                    try channel.pipeline.syncOperations.addHandlers(
                        IdleStateHandler(readTimeout: idle.timeAmount), IdleCloseHandler())
                }
                try channel.pipeline.syncOperations.addHandlers(
                    ByteToMessageHandler(WyomingFrameDecoder(limits: limits)), MessageToByteHandler(WyomingFrameEncoder()))
                if audioTimeout > .zero {
                    try channel.pipeline.syncOperations.addHandlers(QuietHandler.handlers(after: audioTimeout, reading: WyomingFrame.quiet))
                }
                return try Connection(wrappingChannelSynchronously: channel)
            }
        }
    }

    /// Dials `address`.
    static func connect(to address: ListenAddress, limits: WyomingLimits, idle: Duration?, audioTimeout: Duration = .zero) async throws -> Connection {
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        let initializer = initializer(limits: limits, idle: idle, audioTimeout: audioTimeout)
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

extension Duration {
    /// The same span as NIO counts time.
    var timeAmount: TimeAmount { .nanoseconds(Int64(milliseconds) * 1_000_000) }
}
