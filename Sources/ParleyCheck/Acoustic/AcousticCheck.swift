import Foundation
import ParleyGrammar
import ParleyRandom
import ParleyTable

/// What `parley check --acoustic` found: `acoustic-confusion` findings, a confusion matrix per
/// app, and the counts behind them.
public struct AcousticResult: Sendable {
    public var findings: [Diagnostic]
    public var matrices: [ConfusionMatrix]
    public var trials: Int
    public var right: Int
    /// Wall-clock seconds spent synthesizing and hearing.
    public var renderSeconds = 0.0
    public var hearSeconds = 0.0
}

/// Synthesizes every shortcut phrase (values sampled) with several voices and a noise level,
/// hears it through the real top-level grammar, and reports phrases that start a different
/// shortcut, or nothing. Rendering runs on the calling thread (the synthesizer keeps global
/// state); hearing runs on `jobs` workers, each with its own decoder. Results depend only on
/// the seed: each trial's noise has its own generator, and each trial is heard on its own.
public enum AcousticCheck {
    public static func run(
        _ compiled: CompiledTable, options: AcousticOptions, renderer: some SpeechRendering,
        makeHearer: @Sendable () throws -> any SpeechHearing, progress: @Sendable (Int, Int) -> Void = { _, _ in }
    ) throws -> AcousticResult {
        let trials = AcousticTrials.make(compiled, options: options)
        let clock = ContinuousClock()
        let started = clock.now
        var audio: [[Int16]] = []
        audio.reserveCapacity(trials.count)
        for (index, trial) in trials.enumerated() {
            var samples = try renderer.render(trial.text, voice: trial.voice)
            if let decibels = options.noiseDecibels {
                var generator = SplitMix64(seed: options.seed &+ UInt64(index) &* 0x9E37_79B9)
                samples = WhiteNoise.mix(samples, snrDecibels: decibels, using: &generator)
            }
            audio.append(samples)
            progress(index + 1, trials.count * 2)
        }
        let rendered = clock.now
        let heard = try hearAll(audio, jobs: max(1, options.jobs), makeHearer: makeHearer) { done in
            progress(trials.count + done, trials.count * 2)
        }
        var result = judge(compiled, trials: trials, heard: heard)
        result.renderSeconds = seconds(rendered - started)
        result.hearSeconds = seconds(clock.now - rendered)
        return result
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Hears every clip on `jobs` workers (structured: `concurrentPerform` returns when all are
    /// done), each taking the next clip when it is free. Worker 0 reports progress, so the
    /// callback is never called from two threads at once.
    static func hearAll(_ audio: [[Int16]], jobs: Int, makeHearer: @Sendable () throws -> any SpeechHearing,
                        progress: @Sendable (Int) -> Void) throws -> [String] {
        let box = ResultBox(count: audio.count)
        DispatchQueue.concurrentPerform(iterations: min(jobs, max(audio.count, 1))) { worker in
            let hearer: any SpeechHearing
            do { hearer = try makeHearer() } catch {
                box.fail(error)
                return
            }
            while let index = box.next(), index < audio.count {
                do { box.set(index, try hearer.hear(audio[index])) } catch { box.fail(error) }
                if worker == 0 { progress(box.done) }
            }
        }
        if let error = box.error { throw error }
        progress(audio.count)
        return box.results
    }

    /// Compares what was heard with what was said.
    static func judge(_ compiled: CompiledTable, trials: [AcousticTrial], heard: [String]) -> AcousticResult {
        let matcher = PhraseMatcher(compiled)
        var matrices: [Int: ConfusionMatrix] = [:]
        var shortcutsOfApp: [Int: [Int]] = [:]
        for (index, shortcut) in compiled.shortcuts.enumerated() where !shortcut.isSentence {
            shortcutsOfApp[shortcut.app, default: []].append(index)
        }
        for (app, shortcuts) in shortcutsOfApp {
            matrices[app] = ConfusionMatrix(app: compiled.table.apps[app].name.value, labels: shortcuts.map { compiled.shortcuts[$0].title })
        }
        var wrong: [Int: [(AcousticTrial, String, String)]] = [:]
        var right = 0
        for (trial, text) in zip(trials, heard) {
            let match = text.isEmpty ? nil : matcher.match(text).first
            let app = compiled.shortcuts[trial.shortcut].app
            let row = shortcutsOfApp[app]?.firstIndex(of: trial.shortcut) ?? 0
            let column = match.flatMap { found in found.appIndex == app ? shortcutsOfApp[app]?.firstIndex(of: found.shortcut) : nil }
            matrices[app]?.record(expected: row, heard: column)
            if let match, match.shortcut == trial.shortcut, match.spoken?.value == trial.value {
                right += 1
                continue
            }
            let instead: String
            if let match {
                let other = compiled.shortcuts[match.shortcut]
                let what = match.shortcut == trial.shortcut ? "with another value" : "\(match.app) “\(other.title)”"
                instead = "“\(text)”, which starts \(what)"
            } else {
                instead = text.isEmpty ? "nothing" : "“\(text)”, which starts nothing"
            }
            wrong[trial.phrase, default: []].append((trial, instead, text))
        }
        let findings = wrong.keys.sorted().compactMap { phrase -> Diagnostic? in
            guard let cases = wrong[phrase], let first = cases.first else { return nil }
            let tried = trials.filter { $0.phrase == phrase }.count
            var message = "heard wrong in \(cases.count) of \(tried) renderings: “\(first.0.text)” (\(first.0.voice)) was heard as \(first.1)"
            if cases.count > 1 { message += "; also " + cases.dropFirst().prefix(2).map { "“\($0.0.text)” (\($0.0.voice)) as \($0.1)" }.joined(separator: "; ") }
            return Diagnostic(rule: Rule.acousticConfusion, severity: .warning, message: message,
                              at: compiled.phrases[phrase].location, example: first.0.text,
                              help: "make the phrase's words more distinct, or add a pronunciation to models/ for words the recognizer gets wrong")
        }
        return AcousticResult(findings: findings, matrices: matrices.keys.sorted().compactMap { matrices[$0] },
                              trials: trials.count, right: right)
    }
}

/// Results written by the hearing workers; lock-guarded.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var results: [String]
    private(set) var error: (any Error)?
    private var taken = 0
    private var finished = 0

    init(count: Int) { results = Array(repeating: "", count: count) }

    /// The next clip to hear; nil once something failed.
    func next() -> Int? {
        lock.withLock {
            guard error == nil else { return nil }
            defer { taken += 1 }
            return taken
        }
    }

    /// Clips heard so far.
    var done: Int { lock.withLock { finished } }

    func set(_ index: Int, _ text: String) {
        lock.withLock {
            results[index] = text
            finished += 1
        }
    }

    func fail(_ error: any Error) { lock.withLock { if self.error == nil { self.error = error } } }
}
