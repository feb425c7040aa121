import ArgumentParser
import Foundation
import ParleyDaemon
import ParleyProcess
import ParleyWyoming

/// `parley bench-daemon`: starts parleyd and measures its memory and handle-turn latency.
struct BenchDaemonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-daemon",
        abstract: "Measure parleyd: idle and busy memory, handle-turn latency alone and with 8 conversations at once.",
        discussion: """
            Starts parleyd on a free loopback port with the shipped phrases, runs whole Soup Chef conversations \
            (four turns each, its Python handler included) and Still Mind meditations (declarative) one at a time and then --clients at once, and reads \
            parleyd's memory from /proc. Each is run back to back (a closed loop: \
            --clients conversations queue for the CPU) and paced (a random 50–150 ms before each turn, as if \
            people were talking). Targets: idle RSS ≤ 80 MB; concurrent p50 ≤ 2× single. Build with \
            `swift build -c release`: debug figures mean nothing.
            """
    )

    @Option(name: .long, help: "The parleyd to start (default: next to this parley).")
    var parleyd: String?

    @Option(name: .long, help: "The phrase tables parleyd serves.")
    var phrases = "phrases"

    @Option(name: .long, help: "Concurrent conversations in the busy run.")
    var clients = 8

    @Option(name: .long, help: "Conversations per client in each run.")
    var rounds = 10

    @Option(name: .long, help: "PocketSphinx decoders parleyd may make (its `recognizers` setting; default: parleyd's own, 16).")
    var recognizers: Int?

    func run() async throws {
        let binary = parleyd ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("parleyd").path
        // Extra decoders are freed after `idleSeconds` unused (60 s by default) so the bench can show it.
        let idleSeconds = 3
        let extra = (recognizers.map { ["--recognizers", String($0)] } ?? []) + ["--recognizer-idle", "\(idleSeconds)s"]
        let daemon = try DaemonProcess(binary: binary, arguments: ["--phrases", phrases, "--uri", "tcp://127.0.0.1:0", "--log-level", "notice"] + extra)
        defer { daemon.stop() }
        let pid = daemon.pid
        let mb = { (bytes: Int) in String(format: "%.1f MB", Double(bytes) / 1_048_576) }
        let started = DaemonBenchmark.memory(of: pid)
        print("parleyd \(binary) on \(daemon.address), pid \(pid)")
        print("RSS at start:          \(started.map { mb($0.resident) } ?? "?")")
        _ = try await DaemonBenchmark.handleTurns(DaemonBenchmark.soupOrder, at: daemon.address, clients: 1, rounds: 2)  // warm-up
        let idle = DaemonBenchmark.memory(of: pid)
        print("RSS idle (warmed up):  \(idle.map { mb($0.resident) } ?? "?")  (target ≤ 80 MB)")
        let scripts = [("Still Mind (declarative: parleyd alone)", DaemonBenchmark.meditation),
                       ("Soup Chef (a Python handler per conversation)", DaemonBenchmark.soupOrder)]
        for (name, script) in scripts {
            print("\(name), \(script.count) turns per conversation:")
            for (label, pause) in [("back to back", nil), ("paced 50–150 ms", 50...150)] as [(String, ClosedRange<Int>?)] {
                let single = try await DaemonBenchmark.handleTurns(script, at: daemon.address, clients: 1, rounds: rounds, pause: pause)
                let busy = try await DaemonBenchmark.handleTurns(script, at: daemon.address, clients: clients, rounds: rounds, pause: pause)
                print("  \(label):")
                print("    1 client:   \(single)")
                print("    \(clients) clients:  \(busy)")
                print(String(format: "    \(clients) / 1: %.2f× at p50, %.2f× at p90  (target ≤ 2×)", busy.p50 / max(single.p50, 0.001),
                             busy.p90 / max(single.p90, 0.001)))
            }
        }
        try await speechFigures(daemon.address, idleSeconds: idleSeconds)
        let after = DaemonBenchmark.memory(of: pid)
        print("RSS busy (peak):       \(after.map { mb($0.peak) } ?? "?"), after: \(after.map { mb($0.resident) } ?? "?")")
        try await Task.sleep(for: .seconds(2 * idleSeconds))  // past the idle time and the pool's next look (every half of it)
        let rested = DaemonBenchmark.memory(of: pid)
        print("RSS idle after \(2 * idleSeconds) s:    \(rested.map { mb($0.resident) } ?? "?")  (decoders beyond the first two freed after \(idleSeconds) s unused; target ≤ 80 MB)")
    }
}

extension BenchDaemonCommand {
    /// End of speech to first reply audio, when parleyd has speech engines.
    func speechFigures(_ address: ListenAddress, idleSeconds: Int) async throws {
        let info = try await WyomingClient.withConnection(to: address) { client in
            try await client.send(.describe)
            return try await client.reply()
        }
        guard case .info(let programs) = info, programs[.asr].first?.installed == true, programs[.tts].first?.installed == true else {
            print("End of speech to first reply audio: parleyd has no speech engines in this build")
            return
        }
        let samples = try await PipelineBenchmark.endOfSpeechToReply("order soup with soup chef", at: address, rounds: rounds)
        let summary = LatencySummary(samples.map(\.milliseconds))
        print("End of speech to first reply audio (pipeline, real-time stream, endpointing included):")
        print("  \(summary)  (target ≤ 400 ms); heard: \(samples.first?.transcript ?? "")")
        // After a rest the pool holds two decoders; a burst makes the rest (two per utterance) as
        // it starts. Then, with the decoders made, the bursts as they come in a busy hour.
        try await Task.sleep(for: .seconds(2 * idleSeconds))
        let bursts = [("speech ending at the same moment, the first burst after a rest", 300...300, 1),
                      ("speech ending within 1 s of each other", 300...1300, max(1, rounds / 2)),
                      ("speech ending at the same moment", 300...300, max(1, rounds / 2))]
        for (label, leadIn, burstRounds) in bursts {
            let busy = try await PipelineBenchmark.endOfSpeechToReply("order soup with soup chef", at: address, clients: clients,
                                                                      rounds: burstRounds, leadIn: leadIn)
            let busySummary = LatencySummary(busy.map(\.milliseconds))
            let wrong = busy.map(\.transcript).filter { $0 != samples.first?.transcript }
            print("  \(clients) satellites at once, \(label):")
            print(String(format: "    \(busySummary); %.2f× at p50, %.2f× at p90 of one alone (target ≤ 2×); %d of %d heard differently",
                         busySummary.p50 / max(summary.p50, 0.001), busySummary.p90 / max(summary.p90, 0.001), wrong.count, busy.count))
            for (heard, count) in Dictionary(grouping: wrong, by: { $0 }).mapValues(\.count).sorted(by: { $0.key < $1.key }) {
                print("      \(count)× heard \"\(heard)\"")
            }
        }
    }
}

/// parleyd as a child process, with the address it bound (read from its log).
final class DaemonProcess {
    let process = Process()
    let address: ListenAddress
    var pid: Int32 { process.processIdentifier }

    init(binary: String, arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PARLEYD_CONFIG"] = "/dev/null"
        // The PATH systemd gives services: handlers' `#!/usr/bin/env python3` finds the system
        // Python, not a developer's shims (pyenv's add ~90 ms to every handler start).
        environment["PATH"] = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
        process.environment = environment
        let errors = ChildProcess.pipe()
        process.standardError = errors
        try ChildProcess.start(process)
        var text = ""
        var found: ListenAddress?
        while found == nil {
            let data = errors.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
            if let range = text.range(of: "server.uri=") {
                let uri = text[range.upperBound...].prefix { !$0.isWhitespace }
                found = ListenAddress(uri: String(uri))
            }
        }
        guard let found else {
            throw ValidationError("parleyd did not start:\n\(text)")
        }
        address = found
        errors.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }  // keep the pipe drained
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
