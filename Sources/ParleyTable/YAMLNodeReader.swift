import Yams

/// Reads Yams nodes of one file into typed values, recording `syntax` and `schema` findings
/// with their positions instead of stopping at the first one.
final class YAMLNodeReader {
    let file: String
    private let lines: [Substring]
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String, text: String) {
        self.file = file
        self.lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    }

    /// The first character written at `node`'s position in the source.
    private func firstCharacter(of node: Node) -> Character? {
        guard let mark = node.mark, mark.line >= 1, mark.line <= lines.count else { return nil }
        let scalars = lines[mark.line - 1].unicodeScalars
        guard let index = scalars.index(scalars.startIndex, offsetBy: mark.column - 1, limitedBy: scalars.endIndex),
              index < scalars.endIndex else { return nil }
        return Character(scalars[index])
    }

    func location(of node: Node) -> SourceLocation {
        guard let mark = node.mark else { return SourceLocation(file: file, line: 1, column: 1) }
        var location = SourceLocation(file: file, line: mark.line, column: mark.column)
        // Point at the first character of a quoted scalar's text, not at its quote.
        if case .scalar(let scalar) = node, scalar.style == .singleQuoted || scalar.style == .doubleQuoted {
            location = location.advanced(by: 1)
        }
        return location
    }

    func report(_ rule: String, _ message: String, at location: SourceLocation, help: String? = nil) {
        diagnostics.append(Diagnostic(rule: rule, severity: .error, message: message, at: location, help: help))
    }

    /// The pairs of a mapping node, checking keys against `allowed` and `required`.
    /// Reports a non-mapping as a `syntax` error and returns nil.
    func mapping(
        _ node: Node, what: String, allowed: [String]? = nil, required: [String] = [], keyHelp: String? = nil
    ) -> [(key: Located<String>, value: Node)]? {
        guard case .mapping(let mapping) = node else {
            wrongType(node, expected: "a mapping", what: what)
            return nil
        }
        var pairs: [(Located<String>, Node)] = []
        var seen: Set<String> = []
        for (keyNode, valueNode) in mapping {
            guard case .scalar(let scalar) = keyNode else {
                report(Rule.syntax, "a key of \(what) must be a plain word", at: location(of: keyNode))
                continue
            }
            var key = Located(scalar.string, at: location(of: keyNode))
            if let original = DuplicateKeyMarker.original(of: key.value) {
                key.value = original
            }
            guard seen.insert(key.value).inserted else {
                report(Rule.schema, "duplicate key ‘\(key.value)’ in \(what)", at: key.location,
                       help: "keep one ‘\(key.value)’ and delete the other")
                continue
            }
            if let allowed, !allowed.contains(key.value) {
                report(Rule.schema, "unknown key ‘\(key.value)’ in \(what)", at: key.location,
                       help: keyHelp ?? "use one of: \(allowed.joined(separator: ", "))")
                continue
            }
            pairs.append((key, valueNode))
        }
        for name in required where !seen.contains(name) {
            report(Rule.schema, "\(what) has no ‘\(name)’", at: location(of: node), help: "add ‘\(name): …’")
        }
        return pairs
    }

    /// A scalar's text with its location; reports anything else.
    func string(_ node: Node, what: String) -> Located<String>? {
        guard case .scalar(let scalar) = node else {
            wrongType(node, expected: "text", what: what)
            return nil
        }
        return Located(scalar.string, at: location(of: node))
    }

    /// A list of scalars; a single scalar is accepted as a one-item list.
    func strings(_ node: Node, what: String) -> [Located<String>] {
        switch node {
        case .scalar: return string(node, what: what).map { [$0] } ?? []
        case .sequence(let sequence): return sequence.compactMap { string($0, what: what) }
        default:
            wrongType(node, expected: "a list of texts", what: what)
            return []
        }
    }

    func bool(_ node: Node, what: String) -> Bool? {
        guard let text = string(node, what: what) else { return nil }
        switch text.value.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            report(Rule.syntax, "\(what) must be true or false, not ‘\(text.value)’", at: text.location,
                   help: "write \(what.split(separator: " ").last.map(String.init) ?? "it"): true")
            return nil
        }
    }

    func number(_ node: Node, what: String) -> Located<Double>? {
        guard let text = string(node, what: what) else { return nil }
        guard let value = Double(text.value.replacingUnderscores) else {
            report(Rule.syntax, "\(what) must be a number, not ‘\(text.value)’", at: text.location)
            return nil
        }
        return Located(value, at: text.location)
    }

    func wrongType(_ node: Node, expected: String, what: String) {
        let found: String
        var help: String?
        switch node {
        case .scalar: found = "text"
        case .sequence(let sequence):
            found = "a list"
            // Yams takes the style from the closing event; the source text tells for sure.
            if sequence.style == .flow || firstCharacter(of: node) == "[" {
                help = "YAML read ‘[…]’ as a list: quote a template that starts with ‘[’"
            }
        case .mapping(let mapping):
            found = "a mapping"
            if mapping.style == .flow || firstCharacter(of: node) == "{" {
                help = "YAML read ‘{…}’ as a mapping: quote a template that starts with ‘{’, e.g. - \"{app} order soup\""
            }
        case .alias: found = "an alias"
        }
        report(Rule.syntax, "\(what) must be \(expected), but YAML read \(found)", at: location(of: node), help: help)
    }
}

extension String {
    var replacingUnderscores: String { filter { $0 != "_" } }
}
