/// A parsed phrase template: words, `{placeholder}`s, `(a | b)` alternatives and `[optional]`
/// parts, nested freely. Offsets count Unicode scalars from the template's first character, so
/// a problem can be pointed at inside the YAML line.
public struct Template: Hashable, Sendable {
    public var source: String
    public var items: [TemplateItem]

    public init(source: String, items: [TemplateItem]) {
        self.source = source
        self.items = items
    }

    /// Every placeholder name with its offset, in order of appearance, inside groups too.
    public var placeholders: [(name: String, offset: Int)] {
        var found: [(String, Int)] = []
        func walk(_ items: [TemplateItem]) {
            for item in items {
                switch item {
                case .word: break
                case .placeholder(let name, let offset): found.append((name, offset))
                case .alternatives(let branches, _), .optional(let branches, _): branches.forEach(walk)
                }
            }
        }
        walk(items)
        return found
    }
}

/// One element of a template.
public indirect enum TemplateItem: Hashable, Sendable {
    /// A literal word as written (normalized later).
    case word(String, offset: Int)
    /// `{name}`: `{app}` or a parameter.
    case placeholder(String, offset: Int)
    /// `(a | b | c)`: exactly one branch.
    case alternatives([[TemplateItem]], offset: Int)
    /// `[a]` or `[a | b]`: nothing, or one branch.
    case optional([[TemplateItem]], offset: Int)
}

/// A template that does not parse, with the scalar offset of the problem.
public struct TemplateSyntaxError: Error, Hashable, Sendable {
    public var message: String
    public var help: String
    public var offset: Int

    public init(message: String, help: String, offset: Int) {
        self.message = message
        self.help = help
        self.offset = offset
    }
}

/// Parses phrase templates (recursive descent over Unicode scalars).
public enum TemplateParser {
    /// Parses `text`; throws the first problem found.
    public static func parse(_ text: String) throws(TemplateSyntaxError) -> Template {
        var cursor = Cursor(scalars: Array(text.unicodeScalars))
        let branches = try cursor.sequenceBranches(closing: nil)
        if branches.count > 1 {
            throw TemplateSyntaxError(
                message: "‘|’ outside parentheses",
                help: "put alternatives in parentheses: “(start | begin) a workout with {app}”",
                offset: cursor.firstBarOffset ?? 0)
        }
        return Template(source: text, items: branches.first ?? [])
    }

    private struct Cursor {
        let scalars: [Unicode.Scalar]
        var index = 0
        var firstBarOffset: Int?

        init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

        /// Reads branches separated by `|` until `closing` (or the end when `closing` is nil).
        mutating func sequenceBranches(closing: Unicode.Scalar?) throws(TemplateSyntaxError) -> [[TemplateItem]] {
            var branches: [[TemplateItem]] = []
            var current: [TemplateItem] = []
            var word = ""
            var wordStart = 0
            func flush() {
                if !word.isEmpty { current.append(.word(word, offset: wordStart)) }
                word = ""
            }
            while index < scalars.count {
                let ch = scalars[index]
                switch ch {
                case " ", "\t", "\n", "\r":
                    flush()
                    index += 1
                case "|":
                    flush()
                    if firstBarOffset == nil, closing == nil { firstBarOffset = index }
                    branches.append(current)
                    current = []
                    index += 1
                case "(", "[":
                    flush()
                    let open = index
                    index += 1
                    let inner = try sequenceBranches(closing: ch == "(" ? ")" : "]")
                    if ch == "(" {
                        if inner.allSatisfy(\.isEmpty) {
                            throw TemplateSyntaxError(
                                message: "empty alternatives ‘()’", help: "write words between the parentheses or remove them",
                                offset: open)
                        }
                        current.append(.alternatives(inner, offset: open))
                    } else {
                        current.append(.optional(inner, offset: open))
                    }
                case ")", "]":
                    flush()
                    guard let closing, ch == closing else {
                        throw TemplateSyntaxError(
                            message: "unbalanced ‘\(ch)’", help: "remove it or add the matching ‘\(ch == ")" ? "(" : "[")’ before it",
                            offset: index)
                    }
                    index += 1
                    branches.append(current)
                    return branches
                case "{":
                    flush()
                    let open = index
                    index += 1
                    var name = ""
                    while index < scalars.count, scalars[index] != "}" {
                        if "{([|])".unicodeScalars.contains(scalars[index]) {
                            throw TemplateSyntaxError(
                                message: "unclosed ‘{’", help: "close the placeholder: {name}", offset: open)
                        }
                        name.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    guard index < scalars.count else {
                        throw TemplateSyntaxError(message: "unclosed ‘{’", help: "close the placeholder: {name}", offset: open)
                    }
                    index += 1
                    let trimmed = name.trimmingSpaces
                    guard !trimmed.isEmpty, !trimmed.contains(" ") else {
                        throw TemplateSyntaxError(
                            message: "‘{\(name)}’ is not a placeholder name",
                            help: "write {app} or the name of one of the intent's parameters", offset: open)
                    }
                    current.append(.placeholder(trimmed, offset: open))
                case "}":
                    throw TemplateSyntaxError(message: "unbalanced ‘}’", help: "remove it or open the placeholder with ‘{’", offset: index)
                default:
                    if word.isEmpty { wordStart = index }
                    word.unicodeScalars.append(ch)
                    index += 1
                }
            }
            flush()
            if let closing {
                throw TemplateSyntaxError(
                    message: "unclosed ‘\(closing == ")" ? "(" : "[")’",
                    help: "add ‘\(closing)’ where the group ends", offset: scalars.count)
            }
            branches.append(current)
            return branches
        }
    }
}

/// The `{name}` placeholders of a prompt, summary, confirmation or response text.
public enum TextPlaceholders {
    /// Placeholder names with their scalar offsets; throws on an unbalanced brace.
    public static func scan(_ text: String) throws(TemplateSyntaxError) -> [(name: String, offset: Int)] {
        var found: [(String, Int)] = []
        var open: Int?
        var name = ""
        for (index, ch) in text.unicodeScalars.enumerated() {
            if ch == "{" {
                if open != nil {
                    throw TemplateSyntaxError(message: "unclosed ‘{’", help: "close the placeholder: {name}", offset: open ?? index)
                }
                open = index
                name = ""
            } else if ch == "}" {
                guard let start = open else {
                    throw TemplateSyntaxError(message: "unbalanced ‘}’", help: "remove it or open the placeholder with ‘{’", offset: index)
                }
                found.append((name.trimmingSpaces, start))
                open = nil
            } else if open != nil {
                name.unicodeScalars.append(ch)
            }
        }
        if let open {
            throw TemplateSyntaxError(message: "unclosed ‘{’", help: "close the placeholder: {name}", offset: open)
        }
        return found
    }
}

extension String {
    var trimmingSpaces: String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
