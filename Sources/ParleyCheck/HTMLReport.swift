import ParleyTable

/// `parley check --format html`: one page people would rather look at. Per app, its findings
/// (collisions and sound-alike pairs first) and, after `--acoustic`, its confusion matrix drawn as
/// a heat map (SVG: no scripts, no network).
public enum HTMLReport {
    public static func render(_ report: CheckReport, matrices: [ConfusionMatrix] = [], title: String = "Parley check") -> String {
        var byFile: [String: [Diagnostic]] = [:]
        for finding in report.findings { byFile[finding.location.file, default: []].append(finding) }
        var html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
            <style>
            body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:72rem;color:#222;padding:0 1rem}
            h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2.2rem;border-bottom:1px solid #ddd}
            .summary span{display:inline-block;margin-right:1.2rem;font-weight:600}
            .error{color:#b00020}.warning{color:#8a5a00}
            table.findings{border-collapse:collapse;width:100%}table.findings td{border-top:1px solid #eee;padding:.35rem .5rem;vertical-align:top}
            code{background:#f4f4f4;padding:0 .25rem;border-radius:3px}.places{color:#666;font-size:.85em}
            svg text{font:12px system-ui,sans-serif}
            </style></head><body>
            <h1>\(escape(title))</h1>
            <p class="summary"><span class="error">\(report.errors) error\(report.errors == 1 ? "" : "s")</span><span class="warning">\(report.warnings) warning\(report.warnings == 1 ? "" : "s")</span></p>

            """
        let matrixByApp = Dictionary(matrices.map { ($0.app, $0) }, uniquingKeysWith: { first, _ in first })
        for file in byFile.keys.sorted() {
            let findings = (byFile[file] ?? []).sorted { (rank($0.rule), $0.location) < (rank($1.rule), $1.location) }
            html += "<h2>\(escape(file))</h2>\n<table class=\"findings\">\n"
            for finding in findings {
                html += "<tr><td class=\"\(finding.severity.rawValue)\">\(finding.severity.rawValue)</td><td><code>\(escape(finding.rule))</code></td>"
                html += "<td>\(escape(finding.message))"
                if let example = finding.example { html += "<br>example: “\(escape(example))”" }
                if let help = finding.help { html += "<br><em>\(escape(help))</em>" }
                html += "<div class=\"places\">\(finding.locations.map { escape($0.description) }.joined(separator: " · "))</div></td></tr>\n"
            }
            html += "</table>\n"
        }
        for matrix in matrices.sorted(by: { $0.app < $1.app }) {
            html += "<h2>\(escape(matrix.app)): what the recognizer heard</h2>\n" + heatMap(matrix) + "\n"
        }
        if report.findings.isEmpty, matrixByApp.isEmpty { html += "<p>No findings.</p>\n" }
        return html + "</body></html>\n"
    }

    /// Collisions first, then what sounds alike, then the rest.
    static func rank(_ rule: String) -> Int {
        switch rule {
        case Rule.collision: 0
        case Rule.acousticConfusion: 1
        case Rule.soundAlike: 2
        default: 3
        }
    }

    /// The matrix as an SVG heat map: rows are what was said, columns what was heard; darker is
    /// more often; the diagonal is right, anything else is a confusion.
    static func heatMap(_ matrix: ConfusionMatrix) -> String {
        let cell = 34, labelWidth = 230, top = 150
        let columns = matrix.labels + ["(nothing / other app)"]
        let width = labelWidth + cell * columns.count + 20, height = top + cell * matrix.labels.count + 20
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" role=\"img\" aria-label=\"confusion matrix of \(escape(matrix.app))\">\n"
        for (column, label) in columns.enumerated() {
            let x = labelWidth + column * cell + cell / 2
            svg += "<text transform=\"translate(\(x),\(top - 6)) rotate(-45)\">\(escape(label))</text>\n"
        }
        for (row, label) in matrix.labels.enumerated() {
            let total = max(matrix.counts[row].reduce(0, +), 1)
            let y = top + row * cell
            svg += "<text x=\"\(labelWidth - 8)\" y=\"\(y + cell / 2 + 4)\" text-anchor=\"end\">\(escape(label))</text>\n"
            for (column, count) in matrix.counts[row].enumerated() {
                let share = Double(count) / Double(total)
                let right = column == row
                // Right answers in blue, confusions in red; the share sets the strength.
                let (r, g, b) = right ? (33, 102, 172) : (178, 24, 43)
                let alpha = count == 0 ? 0.04 : 0.15 + 0.85 * share
                svg += "<rect x=\"\(labelWidth + column * cell)\" y=\"\(y)\" width=\"\(cell - 2)\" height=\"\(cell - 2)\" fill=\"rgba(\(r),\(g),\(b),\((alpha * 100).rounded() / 100))\"><title>said “\(escape(label))”, heard “\(escape(columns[column]))”: \(count) of \(total)</title></rect>\n"
                if count > 0 {
                    svg += "<text x=\"\(labelWidth + column * cell + cell / 2 - 1)\" y=\"\(y + cell / 2 + 4)\" text-anchor=\"middle\" fill=\"\(share > 0.5 ? "#fff" : "#222")\">\(count)</text>\n"
                }
            }
        }
        return svg + "</svg>"
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(ch)
            }
        }
        return out
    }
}
