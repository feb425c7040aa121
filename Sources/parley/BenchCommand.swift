import ArgumentParser
import Foundation
import ParleyBench

/// `parley bench`: generates a synthetic table and measures Parley on it.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure load, compile, match and check times and peak memory on a synthetic table.",
        discussion: """
            Generates N apps of ten shortcuts each (the same tables for the same seed) as YAML files, \
            then measures loading, compiling, matching sampled utterances one at a time (p50/p90/p99/max), \
            `parley check`, and the peak resident memory, each against its target. Build with \
            `swift build -c release`: debug figures mean nothing.
            """
    )

    @Option(name: .long, help: "How many apps to generate (ten shortcuts each).")
    var apps = 1000

    @Option(name: .long, help: "The seed that fixes the tables and the utterances.")
    var seed: UInt64 = 1

    @Option(name: .long, help: "How many utterances to time.")
    var utterances = 20000

    @Option(name: .long, help: ArgumentHelp(
        "Write the tables into this folder and keep them (default: a temporary folder, removed).", valueName: "dir"))
    var keep: String?

    @Flag(name: .long, help: "Print the figures as one JSON object.")
    var json = false

    func validate() throws {
        guard apps > 0 else { throw ValidationError("--apps must be at least 1") }
        guard utterances > 0 else { throw ValidationError("--utterances must be at least 1") }
    }

    func run() throws {
        let folder = keep ?? NSTemporaryDirectory() + "parley-bench-\(ProcessInfo.processInfo.processIdentifier)"
        defer {
            if keep == nil { try? FileManager.default.removeItem(atPath: folder) }
        }
        let runner = BenchmarkRunner(apps: apps, seed: seed, utterances: utterances, folder: folder) { step in
            FileHandle.standardError.write(Data("parley bench: \(step)…\n".utf8))
        }
        let report: BenchmarkReport
        do {
            report = try runner.run()
        } catch {
            FileHandle.standardError.write(Data("parley: \(error)\n".utf8))
            throw ExitCode(2)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print(report.text, terminator: "")
        }
        // Figures of a table the matcher misreads are not worth comparing.
        if !report.matchedAsSampled || report.loadErrors + report.compileErrors > 0 {
            FileHandle.standardError.write(Data("parley bench: some sampled utterances were not answered as sampled\n".utf8))
            throw ExitCode(1)
        }
    }
}
