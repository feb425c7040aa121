#if canImport(Glibc)
import Glibc
#endif
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import ParleyWyoming
import ServiceLifecycle

/// The Wyoming server: listens on every configured address, runs one `WyomingSession` per
/// connection (structured: a child task each), and stops accepting and closes connections on
/// graceful shutdown. A connection whose bytes are not Wyoming gets an `error` event and is
/// closed; the others go on.
public struct WyomingServer: Service, CustomStringConvertible {
    typealias Connection = WyomingChannel.Connection
    typealias Listener = NIOAsyncChannel<Connection, Never>

    private let context: DaemonContext
    private let group: any EventLoopGroup
    private let onReady: @Sendable ([ListenAddress]) -> Void
    private let connections: ConnectionCounter

    /// A server for `context` on `group`; `onReady` gets the bound addresses (real ports).
    public init(context: DaemonContext, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
                onReady: @escaping @Sendable ([ListenAddress]) -> Void = { _ in }) {
        self.init(context: context, group: group, connections: ConnectionCounter(), onReady: onReady)
    }

    init(context: DaemonContext, group: any EventLoopGroup, connections: ConnectionCounter,
         onReady: @escaping @Sendable ([ListenAddress]) -> Void) {
        self.connections = connections
        self.context = context
        self.group = group
        self.onReady = onReady
    }

    public var description: String { "WyomingServer" }

    /// Binds, serves until graceful shutdown (or cancellation), then removes Unix socket files.
    public func run() async throws {
        var listeners: [(Listener, ListenAddress)] = []
        for address in context.configuration.listen {
            let listener = try await bind(address)
            let bound = Self.boundAddress(listener.channel.localAddress, requested: address)
            context.logger.notice("listening", metadata: ["server.uri": "\(bound)"])
            listeners.append((listener, bound))
        }
        onReady(listeners.map(\.1))
        let bound = listeners
        do {
            try await cancelWhenGracefulShutdown {
                try await withThrowingDiscardingTaskGroup { group in
                    for (listener, address) in bound {
                        group.addTask { try await accept(listener, address: address) }
                    }
                }
            }
        } catch is CancellationError where Task.isShuttingDownGracefully {
            context.logger.notice("server stopped")
        }
        for (_, address) in listeners {
            if case .unix(let path) = address { _ = unlink(path) }
        }
    }

    private func accept(_ listener: Listener, address: ListenAddress) async throws {
        try await listener.executeThenClose { inbound in
            try await withThrowingDiscardingTaskGroup { group in
                for try await connection in inbound {
                    group.addTask { await serve(connection) }
                }
            }
        }
    }

    private func serve(_ connection: Connection) async {
        guard let id = connections.open(limit: context.configuration.maxConnections) else {
            context.logger.warning("connection refused: too many", metadata: ["server.connections": "\(connections.active)"])
            try? await connection.executeThenClose { _, outbound in try await outbound.write(PeerError.busy.event.frame) }
            return
        }
        defer { connections.close() }
        var logger = context.logger
        logger[metadataKey: "connection.id"] = "\(id)"
        logger.debug("connection opened", metadata: ["peer.address": "\(connection.channel.remoteAddress.map { "\($0)" } ?? "local")"])
        do {
            try await connection.executeThenClose { inbound, outbound in
                var session = WyomingSession(context: context, connectionID: id, writer: ChannelEventWriter(outbound: outbound))
                do {
                    for try await frame in inbound { try await session.receive(frame) }
                } catch let error as WyomingDecodingError {
                    logger.notice("malformed frame; closing the connection", metadata: ["error": "\(error)", "error.code": "\(error.code)"])
                    let reply = PeerError(code: error.code, text: "Parley could not read that: \(error).")
                    try await outbound.write(reply.event.frame)
                }
            }
        } catch {
            logger.debug("connection ended", metadata: ["error": "\(error)"])
        }
        logger.debug("connection closed")
    }

    private func bind(_ address: ListenAddress) async throws -> Listener {
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
        let initializer = WyomingChannel.initializer(limits: context.configuration.limits, idle: context.configuration.connectionTimeout,
                                                   audioTimeout: context.configuration.audioTimeout)
        switch address {
        case .tcp(let host, let port):
            return try await bootstrap.childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
                .bind(host: host, port: port, childChannelInitializer: initializer)
        case .unix(let path):
            return try await bootstrap.bind(unixDomainSocketPath: path, cleanupExistingSocketFile: true, childChannelInitializer: initializer)
        }
    }

    static func boundAddress(_ local: SocketAddress?, requested: ListenAddress) -> ListenAddress {
        guard case .tcp(let host, _) = requested, let port = local?.port else { return requested }
        return .tcp(host: host, port: port)
    }
}

/// Writes a session's events to its channel.
struct ChannelEventWriter: WyomingEventWriter {
    let outbound: NIOAsyncChannelOutboundWriter<WyomingFrame>

    func write(_ event: WyomingEvent) async throws {
        try await outbound.write(event.frame)
    }
}

/// Open connections, and their numbers.
final class ConnectionCounter: Sendable {
    private let state = NIOLockedValueBox((active: 0, next: 1))

    /// A number for a new connection, or nil when `limit` are open.
    func open(limit: Int) -> Int? {
        state.withLockedValue { state in
            guard state.active < limit else { return nil }
            state.active += 1
            defer { state.next += 1 }
            return state.next
        }
    }

    func close() { state.withLockedValue { $0.active -= 1 } }

    /// A number for a connection parleyd dials (not counted against the limit).
    func number() -> Int {
        state.withLockedValue { state in
            defer { state.next += 1 }
            return state.next
        }
    }

    var active: Int { state.withLockedValue { $0.active } }
}
