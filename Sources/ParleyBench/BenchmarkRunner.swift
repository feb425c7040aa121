import ParleyCheck
import ParleyGrammar
import ParleyRandom
import ParleyTable

/// Runs the benchmark of the issue: generates a synthetic table into a folder, then measures
/// loading it, compiling it, matching sampled utterances (each timed on its own), checking it
/// (`ParleyCheck`, as `parley check` does), and the process's peak memory.
public struct BenchmarkRunner {
    public var apps: Int
    public var seed: UInt64
    /// How many utterances to time: about 90 % plain expansions, 5 % with filler words, 5 %
    /// that match nothing.
    public var utterances: Int
    /// Where the generated tables go.
    public var folder: String
    /// Told what is happening, phase by phase (for a progress line on standard error).
    public var progress: (String) -> Void

    public init(apps: Int, seed: UInt64, utterances: Int, folder: String, progress: @escaping (String) -> Void = { _ in }) {
        self.apps = apps
        self.seed = seed
        self.utterances = utterances
        self.folder = folder
        self.progress = progress
    }

    public func run() throws -> BenchmarkReport {
        var peaks: [String: Int] = [:]

        progress("generating \(apps) apps into \(folder)")
        let generator = SyntheticTableGenerator(apps: apps, seed: seed)
        let (generateSeconds, paths) = try ProcessMeasures.time { try generator.write(to: folder) }
        peaks["generate"] = ProcessMeasures.peakResidentBytes()

        // The loaded and compiled table is dropped before checking, which reads its own, so
        // that the peak is that of the larger of the two, not of both held at once.
        var report = try measureTable(fileCount: paths.count, peaks: &peaks)
        report.generateSeconds = generateSeconds

        progress("checking")
        report.check = try runCheck(paths: [folder])
        peaks["check"] = ProcessMeasures.peakResidentBytes()

        report.peakResidentBytes = peaks
        report.peakResidentBytesTotal = ProcessMeasures.peakResidentBytes()
        return report.withTargets()
    }

    /// Loads, compiles and matches; the report's check and peak figures are filled by `run()`.
    private func measureTable(fileCount: Int, peaks: inout [String: Int]) throws -> BenchmarkReport {
        progress("loading \(fileCount) files")
        let (loadSeconds, loaded) = try ProcessMeasures.time { try PhraseTableLoader.load(paths: [folder]) }
        peaks["load"] = ProcessMeasures.peakResidentBytes()

        progress("compiling")
        let (compileSeconds, compiled) = ProcessMeasures.time { PhraseCompiler.compile(loaded.table) }
        peaks["compile"] = ProcessMeasures.peakResidentBytes()
        let residentAfterCompile = ProcessMeasures.currentResidentBytes()

        progress("matching \(utterances) utterances")
        let matching = measureMatching(compiled, table: loaded.table)
        peaks["match"] = ProcessMeasures.peakResidentBytes()

        // The rules alone, on the table compiled above: `parley check` less reading and compiling.
        progress("checking the compiled table")
        let (rulesSeconds, _) = ProcessMeasures.time { PhraseChecker.check(compiled, readFindings: loaded.diagnostics) }

        return BenchmarkReport(
            apps: apps, seed: seed, folder: folder,
            shortcuts: compiled.shortcuts.count, phrases: compiled.phrases.count, vocabulary: compiled.vocabulary.count,
            loadErrors: loaded.diagnostics.filter { $0.severity == .error }.count,
            compileErrors: compiled.diagnostics.filter { $0.severity == .error }.count,
            generateSeconds: 0, loadSeconds: loadSeconds, compileSeconds: compileSeconds,
            nfaStates: compiled.nfaStateCount, nfaEdges: compiled.nfaEdgeCount,
            dfaStates: compiled.automaton.stateCount, dfaTransitions: compiled.automaton.transitionCount,
            matching: matching, residentAfterCompileBytes: residentAfterCompile, checkRulesSeconds: rulesSeconds, check: nil, peakResidentBytes: [:], peakResidentBytesTotal: 0)
    }

    /// Times `PhraseMatcher.match(_:)` on each utterance separately, after a warm-up pass, then
    /// checks (untimed) that each was answered as sampled.
    func measureMatching(_ compiled: CompiledTable, table: PhraseTable) -> BenchmarkReport.Matching {
        let matcher = PhraseMatcher(compiled)
        var sampler = UtteranceSampler(table: table, seed: seed &+ 0x5EED)
        var samples: [SampledUtterance] = []
        samples.reserveCapacity(utterances)
        var kindRandom = SplitMix64(seed: seed &+ 0x4B1D)
        for _ in 0..<utterances {
            let roll = kindRandom.int(in: 0..<100)
            let kind: SampledUtterance.Kind = roll < 90 ? .plain : (roll < 95 ? .filler : .unmatched)
            guard let sample = sampler.next(kind) else { break }
            samples.append(sample)
        }

        var sink = 0
        for sample in samples.prefix(1000) { sink &+= matcher.match(sample.text).count }
        var latencies = [UInt64](repeating: 0, count: samples.count)
        for index in samples.indices {
            let text = samples[index].text
            let start = ProcessMeasures.nanoseconds()
            let matches = matcher.match(text)
            let end = ProcessMeasures.nanoseconds()
            latencies[index] = end - start
            sink &+= matches.count
        }
        if sink < 0 { progress("") }  // keeps the results alive for the optimizer

        var byKind: [String: BenchmarkReport.Latency] = [:]
        var answered: [String: Int] = [:]
        for kind in SampledUtterance.Kind.allCases {
            let indices = samples.indices.filter { samples[$0].kind == kind }
            byKind[kind.rawValue] = BenchmarkReport.Latency(nanoseconds: indices.map { latencies[$0] })
            answered[kind.rawValue] = indices.filter { samples[$0].isAnswered(by: matcher.match(samples[$0].text)) }.count
        }
        return BenchmarkReport.Matching(all: BenchmarkReport.Latency(nanoseconds: latencies), byKind: byKind, answered: answered)
    }

    /// `parley check` on `paths` as the command runs it: read, compile, every rule, and the
    /// human report rendered (then dropped), timed end to end.
    func runCheck(paths: [String]) throws -> BenchmarkReport.Check {
        let start = ProcessMeasures.nanoseconds()
        let report = try PhraseChecker.check(paths: paths)
        let checked = ProcessMeasures.nanoseconds()
        let rendered = report.human()
        let end = ProcessMeasures.nanoseconds()
        var byRule: [String: Int] = [:]
        for finding in report.findings { byRule[finding.rule, default: 0] += 1 }
        return BenchmarkReport.Check(
            seconds: Double(end - start) / 1e9, renderSeconds: Double(end - checked) / 1e9,
            errors: report.errors, warnings: report.warnings, findingsByRule: byRule,
            reportCharacters: rendered.utf8.count)
    }
}
