import ParleyGrammar
import ParleyTable

/// Every finding of one `parley check` run, sorted by place.
public struct CheckReport: Sendable {
    public var findings: [Diagnostic]

    public init(findings: [Diagnostic]) {
        self.findings = findings.sorted { ($0.location, $0.rule, $0.message) < ($1.location, $1.rule, $1.message) }
    }

    public var errors: Int { findings.filter { $0.severity == .error }.count }
    public var warnings: Int { findings.filter { $0.severity == .warning }.count }

    /// The exit code of `check.md`: 0 clean, 1 with errors (or warnings under `strict`).
    public func exitCode(strict: Bool) -> Int32 {
        errors > 0 || (strict && warnings > 0) ? 1 : 0
    }

    /// The human form: one block per finding, then a count.
    public func human() -> String {
        var renderer = DiagnosticRenderer()
        var out = findings.map { renderer.render($0) }.joined(separator: "\n")
        if !findings.isEmpty { out += "\n" }
        out += "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")\n"
        return out
    }

    /// The JSON form of `check.md` (every finding also carries `help`, an extension).
    public func json() -> String {
        let items = findings.map { finding -> String in
            let locations = finding.locations.map {
                "{\"file\":\(JSON.quote($0.file)),\"line\":\($0.line),\"column\":\($0.column)}"
            }.joined(separator: ",")
            return "{\"rule\":\(JSON.quote(finding.rule)),\"severity\":\(JSON.quote(finding.severity.rawValue)),"
                + "\"message\":\(JSON.quote(finding.message)),\"example\":\(finding.example.map(JSON.quote) ?? "null"),"
                + "\"locations\":[\(locations)],\"help\":\(finding.help.map(JSON.quote) ?? "null")}"
        }
        return "{\"findings\":[\(items.joined(separator: ",\n "))],\n \"errors\":\(errors),\"warnings\":\(warnings)}\n"
    }
}

/// What `parley check` can be told.
public struct CheckOptions: Sendable {
    /// The wake phrase no shortcut may contain.
    public var wakePhrase: String
    /// Value lists read aloud with more items than this get `long-list`.
    public var longestSpokenList: Int

    public init(wakePhrase: String = "hey parley", longestSpokenList: Int = 5) {
        self.wakePhrase = wakePhrase
        self.longestSpokenList = longestSpokenList
    }
}

/// Runs every rule of `check.md` (but `sound-alike` and `acoustic-confusion`) on phrase tables.
public enum PhraseChecker {
    /// Reads, compiles and checks the tables at `paths`.
    public static func check(
        paths: [String], options: CheckOptions = CheckOptions(), transcriber: (any PhoneticTranscriber)? = nil
    ) throws(PhraseTableReadError) -> CheckReport {
        let loaded = try PhraseTableLoader.load(paths: paths)
        return check(PhraseCompiler.compile(loaded.table), readFindings: loaded.diagnostics, options: options, transcriber: transcriber)
    }

    /// Checks an already compiled table; `readFindings` are the reader's own findings.
    /// `sound-alike` runs when a `transcriber` gives pronunciations.
    public static func check(
        _ compiled: CompiledTable, readFindings: [Diagnostic] = [], options: CheckOptions = CheckOptions(),
        transcriber: (any PhoneticTranscriber)? = nil
    ) -> CheckReport {
        var findings = readFindings + compiled.diagnostics
        findings += ReferenceRules.check(compiled.table)
        findings += CollisionRule.check(compiled)
        findings += NameClashRule.check(compiled)
        findings += ValueClashRule.check(compiled.table)
        findings += ReservedPhraseRule.check(compiled, wakePhrase: options.wakePhrase)
        findings += StyleRules.check(compiled, longestSpokenList: options.longestSpokenList)
        if let transcriber { findings += SoundAlikeRule.check(compiled, transcriber: transcriber) }
        return CheckReport(findings: Array(Set(findings)))
    }
}
