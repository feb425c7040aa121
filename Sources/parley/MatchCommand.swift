import ArgumentParser
import Foundation
import ParleyGrammar
import ParleyTable

/// `parley match`: which shortcut an utterance starts.
struct MatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Show the app, intent, shortcut and spoken value an utterance starts.",
        discussion: """
            With no utterance, reads one per line from standard input and answers one line each.
            Ranking: exact matches of a whole phrase expansion first; otherwise politeness words at \
            the ends (“please”, “can you”, “thanks”) are dropped, fewer dropped ranking higher. \
            Equal-ranked matches are all listed.
            """
    )

    @Argument(help: "The utterance; omit it to read utterances from standard input.")
    var utterance: [String] = []

    @OptionGroup var tables: PhrasesOption

    @Flag(name: .long, help: "One JSON object per utterance.")
    var json = false

    func run() throws {
        let compiled = try loadCompiledTable(tables.phrases)
        let matcher = PhraseMatcher(compiled)
        if !utterance.isEmpty {
            let text = utterance.joined(separator: " ")
            let matches = matcher.match(text)
            print(json ? MatchFormatter.json(text, matches) : MatchFormatter.human(text, matches))
            if matches.isEmpty { throw ExitCode(1) }
            return
        }
        var output = ""
        while let line = readLine() {
            let matches = matcher.match(line)
            output += json ? MatchFormatter.json(line, matches) : MatchFormatter.human(line, matches, compact: true)
            output += "\n"
            if output.utf8.count > 1 << 16 {
                FileHandle.standardOutput.write(Data(output.utf8))
                output = ""
            }
        }
        FileHandle.standardOutput.write(Data(output.utf8))
    }
}

/// Reads and compiles tables for commands that need them; a table with errors still compiles
/// (bad phrases are left out) but the errors are printed to standard error.
func loadCompiledTable(_ path: String) throws -> CompiledTable {
    let loaded: (table: PhraseTable, diagnostics: [Diagnostic])
    do {
        loaded = try PhraseTableLoader.load(paths: [path])
    } catch {
        FileHandle.standardError.write(Data("parley: \(error)\n".utf8))
        throw ExitCode(2)
    }
    let compiled = PhraseCompiler.compile(loaded.table)
    let errors = (loaded.diagnostics + compiled.diagnostics).filter { $0.severity == .error }
    if !errors.isEmpty {
        var renderer = DiagnosticRenderer()
        var text = ""
        for error in errors { text += renderer.render(error) }
        text += "parley: \(errors.count) error(s) in the phrase tables; run `parley check \(path)` for all findings\n"
        FileHandle.standardError.write(Data(text.utf8))
    }
    return compiled
}

/// How `parley match` prints results.
enum MatchFormatter {
    static func human(_ utterance: String, _ matches: [ShortcutMatch], compact: Bool = false) -> String {
        guard !matches.isEmpty else { return compact ? "\(utterance)\t— no match" : "No shortcut matches “\(utterance)”." }
        let lines = matches.map { match -> String in
            var line = "\(match.app) · \(match.intent) · “\(match.shortcutTitle)”"
            let parameters = match.parameters.map { "\($0.name) = \($0.value)" }
            if !parameters.isEmpty { line += " · " + parameters.joined(separator: ", ") }
            if let spoken = match.spoken { line += " (heard “\(spoken.words.joined(separator: " "))”)" }
            if !match.dropped.isEmpty { line += " [ignored: \(match.dropped.joined(separator: " "))]" }
            return line
        }
        if compact { return "\(utterance)\t" + lines.joined(separator: " | ") }
        if lines.count == 1 { return lines[0] }
        return "\(lines.count) shortcuts tie:\n" + lines.map { "  " + $0 }.joined(separator: "\n")
    }

    static func json(_ utterance: String, _ matches: [ShortcutMatch]) -> String {
        let items = matches.map { match -> String in
            let parameters = match.parameters.map { "\(JSON.quote($0.name)):\($0.value.json)" }.joined(separator: ",")
            var spoken = "null"
            if let value = match.spoken {
                spoken = "{\"parameter\":\(JSON.quote(value.parameter)),\"value\":\(value.value.json),"
                    + "\"title\":\(JSON.quote(value.title)),\"words\":\(JSON.quote(value.words.joined(separator: " ")))}"
            }
            return "{\"app\":\(JSON.quote(match.app)),\"intent\":\(JSON.quote(match.intent)),"
                + "\"shortcut\":{\"index\":\(match.shortcutIndex),\"title\":\(JSON.quote(match.shortcutTitle))},"
                + "\"parameters\":{\(parameters)},\"spoken\":\(spoken),"
                + "\"phrase\":{\"file\":\(JSON.quote(match.phrase.file)),\"line\":\(match.phrase.line),\"column\":\(match.phrase.column)},"
                + "\"ignored\":[\(match.dropped.map(JSON.quote).joined(separator: ","))]}"
        }
        return "{\"utterance\":\(JSON.quote(utterance)),\"matches\":[\(items.joined(separator: ","))]}"
    }
}
