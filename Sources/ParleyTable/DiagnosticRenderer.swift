import Foundation

/// Prints findings the way compilers do: `file:line:column: severity[rule]: message`, the
/// offending source line, a caret under the column, then the example, the other places and
/// what to do. The one renderer for every phrase-table problem.
public struct DiagnosticRenderer {
    private var sources: [String: [Substring]] = [:]

    public init() {}

    /// Renders one finding as a block of lines ending in a newline.
    public mutating func render(_ diagnostic: Diagnostic) -> String {
        var out = "\(diagnostic.location): \(diagnostic.severity.rawValue)[\(diagnostic.rule)]: \(diagnostic.message)\n"
        out += excerpt(at: diagnostic.location)
        if let example = diagnostic.example {
            out += "  example: “\(example)”\n"
        }
        for place in diagnostic.locations.dropFirst() {
            out += "  also at \(place):\n"
            out += excerpt(at: place, indent: "    ")
        }
        if let help = diagnostic.help {
            out += "  help: \(help)\n"
        }
        return out
    }

    /// The source line at `location` and a caret under its column; empty when the file
    /// cannot be read.
    public mutating func excerpt(at location: SourceLocation, indent: String = "  ") -> String {
        guard let lines = lines(of: location.file), location.line >= 1, location.line <= lines.count else {
            return ""
        }
        let text = String(lines[location.line - 1])
        var caretPad = ""
        for (index, scalar) in text.unicodeScalars.enumerated() where index < location.column - 1 {
            caretPad.append(scalar == "\t" ? "\t" : " ")
        }
        return "\(indent)| \(text)\n\(indent)| \(caretPad)^\n"
    }

    private mutating func lines(of file: String) -> [Substring]? {
        if let cached = sources[file] { return cached }
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        // `\r\n` is one Character in Swift: split on any line break, not on "\n".
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        sources[file] = lines
        return lines
    }
}
