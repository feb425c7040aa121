import Foundation
import ParleyRandom

/// Latency figures of many timed turns, in milliseconds.
public struct LatencySummary: Sendable, CustomStringConvertible {
    /// How many turns were timed.
    public var count: Int
    /// The median.
    public var p50: Double
    /// The 90th percentile.
    public var p90: Double
    /// The slowest.
    public var max: Double

    /// The summary of `milliseconds`.
    public init(_ milliseconds: [Double]) {
        let sorted = milliseconds.sorted()
        func rank(_ fraction: Double) -> Double {
            sorted.isEmpty ? 0 : sorted[Swift.min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
        }
        count = sorted.count
        p50 = rank(0.5)
        p90 = rank(0.9)
        max = sorted.last ?? 0
    }

    public var description: String {
        String(format: "p50 %.1f ms, p90 %.1f ms, max %.1f ms (%d turns)", p50, p90, max, count)
    }
}

/// Handle-turn latency against a running parleyd: whole conversations, one at a time and then
/// several at once, each on its own connection and conversation id.
public enum DaemonBenchmark {
    /// A Soup Chef order: its Python handler is started for every conversation and asked at each turn.
    public static let soupOrder = ["order soup with soup chef", "chowder", "the second one", "yes"]
    /// A Still Mind meditation: a declarative app, so only parleyd's own work is timed.
    public static let meditation = ["start meditation with still mind", "sleep"]

    /// Times every turn of `rounds` runs of `script` on each of `clients` concurrent connections.
    /// With `pause`, each client waits a random time in that range before every turn (people
    /// take seconds to answer; back to back, 8 clients on 2 cores queue for the CPU).
    public static func handleTurns(_ script: [String], at address: ListenAddress, clients: Int, rounds: Int,
                                   pause: ClosedRange<Int>? = nil) async throws -> LatencySummary {
        let all = try await withThrowingTaskGroup(of: [Double].self) { group in
            for client in 0..<clients {
                group.addTask {
                    try await WyomingClient.withConnection(to: address) { connection in
                        var times: [Double] = []
                        let clock = ContinuousClock()
                        var random = SplitMix64(seed: UInt64(client + 1))
                        for round in 0..<rounds {
                            let id = "bench-\(client)-\(round)-\(UUID().uuidString.prefix(6))"
                            for turn in script {
                                if let pause { try await Task.sleep(for: .milliseconds(Int.random(in: pause, using: &random))) }
                                let start = clock.now
                                let reply = try await connection.handle(turn, conversationID: id)
                                guard reply.handled else { throw WyomingClientError.peer(code: "not-handled", text: reply.text) }
                                let (seconds, attoseconds) = (clock.now - start).components
                                times.append(Double(seconds) * 1000 + Double(attoseconds) / 1e15)
                            }
                        }
                        return times
                    }
                }
            }
            var times: [Double] = []
            for try await part in group { times += part }
            return times
        }
        return LatencySummary(all)
    }

    /// Resident and peak resident memory of process `pid`, in bytes (`/proc/PID/status`).
    public static func memory(of pid: Int32) -> (resident: Int, peak: Int)? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        func kilobytes(_ key: String) -> Int? {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }) else { return nil }
            return line.split(separator: " ").compactMap { Int($0) }.first
        }
        guard let resident = kilobytes("VmRSS"), let peak = kilobytes("VmHWM") else { return nil }
        return (resident * 1024, peak * 1024)
    }
}
