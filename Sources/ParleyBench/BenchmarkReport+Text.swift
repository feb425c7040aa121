extension BenchmarkReport {
    /// The report for people: every figure, and each target with pass or fail.
    public var text: String {
        func seconds(_ value: Double) -> String { fixed(value, 3) + " s" }
        func micros(_ value: Double) -> String { fixed(value, 1) + " µs" }
        func megabytes(_ bytes: Int) -> String { fixed(Double(bytes) / 1e6, 1) + " MB" }
        func verdict(_ name: String) -> String {
            guard let target = targets.first(where: { $0.name == name }) else { return "" }
            let limit = "target < \(fixed(target.limit, 0)) \(target.unit)"
            switch target.passed {
            case true?: return "\(limit)  PASS"
            case false?: return "\(limit)  FAIL"
            case nil: return "\(limit)  not measured"
            }
        }
        func row(_ label: String, _ value: String, _ note: String = "") -> String {
            let line = label.padded(to: 22) + value.padded(to: 14, left: true)
            return (note.isEmpty ? line : line + "   " + note) + "\n"
        }

        var out = "parley bench: \(apps) apps × \(SyntheticTableGenerator.shortcutsPerApp) shortcuts, seed \(seed)\n"
        out += "  tables in \(folder)\n"
        out += "  \(shortcuts) shortcuts, \(phrases) phrases, \(vocabulary) distinct tokens"
        out += "; \(loadErrors + compileErrors) error(s) loading and compiling\n\n"
        out += row("generate", seconds(generateSeconds))
        out += row("load (YAML)", seconds(loadSeconds))
        out += row("compile", seconds(compileSeconds), verdict("compile"))
        out += row("  NFA states / edges", "\(nfaStates) / \(nfaEdges)")
        out += row("  DFA states / trans.", "\(dfaStates) / \(dfaTransitions)")
        let kinds = SampledUtterance.Kind.allCases.map { "\(matching.byKind[$0.rawValue]?.count ?? 0) \($0.rawValue)" }
        out += "match, \(matching.all.count) utterances timed one by one (\(kinds.joined(separator: ", "))):\n"
        out += row("  p50", micros(matching.all.p50))
        out += row("  p90", micros(matching.all.p90))
        out += row("  p99", micros(matching.all.p99), verdict("match p99"))
        out += row("  max", micros(matching.all.max))
        out += row("  mean", micros(matching.all.mean))
        for kind in SampledUtterance.Kind.allCases {
            guard let latency = matching.byKind[kind.rawValue] else { continue }
            out += row("  \(kind.rawValue) p50/p99/max", "", "\(fixed(latency.p50, 1)) / \(fixed(latency.p99, 1)) / \(fixed(latency.max, 1)) µs")
        }
        let answeredText = SampledUtterance.Kind.allCases.map {
            "\($0.rawValue) \(matching.answered[$0.rawValue] ?? 0)/\(matching.byKind[$0.rawValue]?.count ?? 0)"
        }
        out += row("  answered as sampled", "", answeredText.joined(separator: ", "))
        if let check {
            out += row("parley check", seconds(check.seconds), verdict("parley check"))
            out += row("  rules alone", seconds(checkRulesSeconds), "(on the table compiled above)")
            out += row("  report text", seconds(check.renderSeconds))
            let rules = check.findingsByRule.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            out += row("  findings", "", "\(check.errors) error(s), \(check.warnings) warning(s)"
                + (rules.isEmpty ? "" : ": " + rules.joined(separator: ", ")))
        } else {
            out += row("parley check", "—", verdict("parley check"))
        }
        out += row("peak RSS (process)", megabytes(peakResidentBytesTotal), verdict("peak RSS"))
        let phases = ["generate", "load", "compile", "match", "check"].compactMap { phase in
            peakResidentBytes[phase].map { "\(phase) \(megabytes($0))" }
        }
        out += row("  high-water after", "", phases.joined(separator: ", "))
        if let resident = residentAfterCompileBytes {
            out += row("  resident after compile", megabytes(resident), "(table loaded and compiled, held)")
        }
        let failed = targets.filter { $0.passed == false }.map(\.name)
        out += failed.isEmpty ? "\nAll measured targets met.\n" : "\nMissed: \(failed.joined(separator: ", ")).\n"
        return out
    }
}

/// `value` with `digits` decimals, without Foundation's formatter.
func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return String(value) }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    let fraction = Int(scaled - Double(whole) * scale)
    let sign = value < 0 && scaled > 0 ? "-" : ""
    guard digits > 0 else { return sign + String(whole) }
    let fractionText = String(fraction)
    return sign + String(whole) + "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
}

extension String {
    func padded(to width: Int, left: Bool = false) -> String {
        let pad = String(repeating: " ", count: max(0, width - count))
        return left ? pad + self : self + pad
    }
}
