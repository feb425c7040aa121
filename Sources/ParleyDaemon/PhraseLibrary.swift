import NIOConcurrencyHelpers
import ParleyCheck
import ParleyGrammar
import ParleyTable

/// Phrase tables that could not be used: unreadable, or checked with errors.
public struct PhraseLoadError: Error, Sendable, CustomStringConvertible {
    /// The tables' path.
    public var path: String
    /// The error findings (empty when the tables could not be read at all).
    public var findings: [Diagnostic]
    /// Why, in one line.
    public var reason: String

    public var description: String { "\(path): \(reason)" }

    /// Every finding rendered with its file, line, caret and help.
    public var renderedFindings: String {
        var renderer = DiagnosticRenderer()
        return findings.map { renderer.render($0) }.joined()
    }
}

/// The phrase tables conversations start from. A reload replaces them only when the new
/// tables check without errors; conversations already going on keep the tables they began with.
public final class PhraseLibrary: @unchecked Sendable {
    /// One loaded version of the tables.
    public struct Snapshot: Sendable {
        /// The compiled tables.
        public var compiled: CompiledTable
        /// Counts loads: 1 for the first, then one more per successful reload.
        public var generation: Int
        /// Warnings `parley check` reported for them.
        public var warnings: [Diagnostic]
    }

    /// Where the tables are read from.
    public let path: String
    private let wakePhrase: String
    private let lock = NIOLock()
    private var snapshot: Snapshot

    /// Loads and checks the tables at `path`; throws when they cannot be read or have errors.
    public init(path: String, wakePhrase: String) throws(PhraseLoadError) {
        self.path = path
        self.wakePhrase = wakePhrase
        let (compiled, warnings) = try Self.load(path: path, wakePhrase: wakePhrase)
        snapshot = Snapshot(compiled: compiled, generation: 1, warnings: warnings)
    }

    /// The tables new conversations start from.
    public var current: Snapshot { lock.withLock { snapshot } }

    /// Reads and checks the tables again; replaces the current ones only when they have no
    /// errors. Returns the new snapshot, or throws the findings (the old tables stay).
    @discardableResult
    public func reload() throws(PhraseLoadError) -> Snapshot {
        let (compiled, warnings) = try Self.load(path: path, wakePhrase: wakePhrase)
        return lock.withLock {
            snapshot = Snapshot(compiled: compiled, generation: snapshot.generation + 1, warnings: warnings)
            return snapshot
        }
    }

    static func load(path: String, wakePhrase: String) throws(PhraseLoadError) -> (CompiledTable, [Diagnostic]) {
        let loaded: (table: PhraseTable, diagnostics: [Diagnostic])
        do {
            loaded = try PhraseTableLoader.load(paths: [path])
        } catch {
            throw PhraseLoadError(path: path, findings: [], reason: error.reason)
        }
        guard !loaded.table.apps.isEmpty || !loaded.diagnostics.isEmpty else {
            throw PhraseLoadError(path: path, findings: [], reason: "no phrase tables found")
        }
        let compiled = PhraseCompiler.compile(loaded.table)
        let options = CheckOptions(wakePhrase: wakePhrase.isEmpty ? CheckOptions().wakePhrase : wakePhrase)
        let report = PhraseChecker.check(compiled, readFindings: loaded.diagnostics, options: options)
        let errors = report.findings.filter { $0.severity == .error }
        guard errors.isEmpty else {
            throw PhraseLoadError(path: path, findings: errors, reason: "\(errors.count) error(s) in the phrase tables")
        }
        return (compiled, report.findings.filter { $0.severity == .warning })
    }
}
