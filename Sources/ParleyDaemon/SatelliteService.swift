import Logging
import NIOCore
import ServiceLifecycle

/// The Home Assistant role: parleyd dials a satellite (wyoming-satellite listens on 10700), asks
/// it to stream (`run-satellite`), pings it every 2 s, and serves what it sends — `run-pipeline`
/// and audio without `audio-start` or a reliable `audio-stop` — with the same `WyomingSession`
/// an accepted connection gets. A lost satellite is dialed again, waiting 1 s, then up to 30 s.
struct SatelliteService: Service, CustomStringConvertible {
    let context: DaemonContext
    let address: ListenAddress
    let connections: ConnectionCounter
    var description: String { "SatelliteService(\(address))" }

    static let pingInterval: Duration = .seconds(2)

    func run() async throws {
        var log = context.logger
        log[metadataKey: "satellite.uri"] = "\(address)"
        let logger = log
        var backoff: Duration = .seconds(1)
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            do {
                let served = try await cancelWhenGracefulShutdown { try await serve(logger: logger) }
                if served == true { backoff = .seconds(1) }
                logger.notice("satellite closed the connection")
            } catch {
                if Task.isShuttingDownGracefully || Task.isCancelled { break }
                logger.warning("satellite unreachable", metadata: ["error": "\(error)", "retry.ms": "\(backoff.milliseconds)"])
            }
            let pause = backoff
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: pause) }
            } catch {
                break
            }
            backoff = min(backoff * 2, .seconds(30))
        }
    }

    /// One connection to the satellite, until it closes; true once it was established.
    private func serve(logger: Logger) async throws -> Bool {
        let connection = try await WyomingChannel.connect(to: address, limits: context.configuration.limits, idle: Self.pingInterval * 5,
                                                          audioTimeout: context.configuration.audioTimeout)
        let id = connections.number()
        logger.notice("satellite connected", metadata: ["connection.id": "\(id)"])
        try await connection.executeThenClose { inbound, outbound in
            let writer = ChannelEventWriter(outbound: outbound)
            try await writer.write(.runSatellite)
            var session = WyomingSession(context: context, connectionID: id, writer: writer)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    while true {
                        try await Task.sleep(for: Self.pingInterval)
                        try await writer.write(.ping(text: nil))
                    }
                }
                defer { group.cancelAll() }
                for try await frame in inbound { try await session.receive(frame) }
            }
        }
        return true
    }
}
