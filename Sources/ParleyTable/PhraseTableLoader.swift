import Foundation
import Yams

/// A path that could not be read at all (`parley check` exits 2 for it).
public struct PhraseTableReadError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}

/// Reads phrase tables (`phrase-table.md`): every `*.yaml` file of a folder is one app.
///
/// Reading never stops at the first problem: the table holds every app and element that could
/// be read, and the findings list every `syntax` and `schema` problem with its position.
public enum PhraseTableLoader {
    /// The default folder of shipped tables.
    public static let defaultFolder = "phrases"

    /// Reads files and folders (folders contribute their `*.yaml` files, sorted by name).
    public static func load(paths: [String]) throws(PhraseTableReadError) -> (table: PhraseTable, diagnostics: [Diagnostic]) {
        var apps: [App] = []
        var diagnostics: [Diagnostic] = []
        for file in try files(in: paths) {
            let text: String
            do {
                text = try String(contentsOfFile: file, encoding: .utf8)
            } catch {
                throw PhraseTableReadError(path: file, reason: "cannot be read as UTF-8 text")
            }
            let (app, found) = loadApp(file: file, text: text)
            if let app { apps.append(app) }
            diagnostics += found
        }
        return (PhraseTable(apps: apps), diagnostics)
    }

    /// The table files named by `paths`, folders expanded.
    public static func files(in paths: [String]) throws(PhraseTableReadError) -> [String] {
        var result: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw PhraseTableReadError(path: path, reason: "no such file or folder")
            }
            if isFolder.boolValue {
                guard let names = try? manager.contentsOfDirectory(atPath: path) else {
                    throw PhraseTableReadError(path: path, reason: "the folder cannot be listed")
                }
                let base = path.hasSuffix("/") ? String(path.dropLast()) : path
                result += names.filter { $0.hasSuffix(".yaml") }.sorted().map { "\(base)/\($0)" }
            } else {
                result.append(path)
            }
        }
        return result
    }

    /// Reads one app from the text of one file.
    public static func loadApp(file: String, text: String) -> (app: App?, diagnostics: [Diagnostic]) {
        var source = text
        var root: Node?
        var attempts = 0
        while true {
            do {
                // The basic resolver: the reader interprets scalars itself, and type detection
                // on every value was half of the load time (parley bench).
                root = try Yams.compose(yaml: source, .basic)
                break
            } catch YamlError.duplicatedKeysInMapping(let keys, let context) {
                // Yams refuses duplicate keys outright; mark the second one and read again, so
                // the reader reports it in context, at its place, with everything else.
                attempts += 1
                guard attempts < 50, let key = keys.first,
                      let marked = DuplicateKeyMarker.mark(key, after: context.mark, in: source) else {
                    return (nil, [Diagnostic(rule: Rule.schema, severity: .error, message: "duplicate key ‘\(keys.first ?? "")’",
                                             at: SourceLocation(file: file, line: context.mark.line, column: context.mark.column),
                                             help: "keep one and delete the other")])
                }
                source = marked
            } catch let error as YamlError {
                return (nil, [yamlDiagnostic(error, file: file, text: text)])
            } catch {
                return (nil, [Diagnostic(rule: Rule.syntax, severity: .error, message: "\(error)",
                                         at: SourceLocation(file: file, line: 1, column: 1))])
            }
        }
        let reader = YAMLNodeReader(file: file, text: text)
        guard let root else {
            reader.report(Rule.schema, "the file is empty", at: SourceLocation(file: file, line: 1, column: 1),
                          help: "start with ‘app: {name: …}’")
            return (nil, reader.diagnostics)
        }
        let app = AppReader(reader: reader).read(root)
        return (app, reader.diagnostics)
    }

    /// Turns a YAML library error into a `syntax` finding at its position, with advice for the
    /// usual trap (an unquoted template starting with `{`, `[` or `(`).
    static func yamlDiagnostic(_ error: YamlError, file: String, text: String) -> Diagnostic {
        var line = 1
        var column = 1
        var problem = "\(error)"
        switch error {
        case .scanner(let context, let message, let mark, _),
             .parser(let context, let message, let mark, _),
             .composer(let context, let message, let mark, _):
            line = mark.line
            column = mark.column
            problem = [context?.text, message].compactMap { $0 }.joined(separator: ", ")
        case .reader(let message, _, _, _):
            problem = message
        default: break
        }
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        var help = "fix the YAML at this place"
        // The problem is often reported on the line after the template, so look at both.
        let suspects = [line - 1, line - 2].filter { $0 >= 0 && $0 < lines.count }.map { lines[$0] }
        if suspects.contains(where: { startsTemplateWithBracket($0) || listsTemplatesInline($0) }) {
            help = "quote a template that starts with ‘{’, ‘[’ or ‘(’: - \"{app} order soup\""
        }
        return Diagnostic(rule: Rule.syntax, severity: .error, message: "YAML does not parse: \(problem)",
                          at: SourceLocation(file: file, line: line, column: column), help: help)
    }

    /// `phrases: [Order soup with {app}]`: templates with braces inside an inline list.
    private static func listsTemplatesInline(_ line: Substring) -> Bool {
        guard let open = line.firstIndex(of: "[") else { return false }
        return line[open...].contains("{")
    }

    private static func startsTemplateWithBracket(_ line: Substring) -> Bool {
        var rest = line.drop { $0 == " " }
        if rest.hasPrefix("- ") {
            rest = rest.dropFirst(2).drop { $0 == " " }
        } else if let colon = rest.firstIndex(of: ":") {
            rest = rest[rest.index(after: colon)...].drop { $0 == " " }
        }
        guard let first = rest.first, first == "{" || first == "[" else { return false }
        // `{title: …}` and `[a, b]` are proper flow collections; a template has words after the closer.
        guard let close = rest.firstIndex(of: first == "{" ? "}" : "]") else { return true }
        return !rest[rest.index(after: close)...].trimmingCharacters(in: .whitespaces).isEmpty
            && !rest[rest.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("#")
    }
}
