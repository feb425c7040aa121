import ArgumentParser
import Foundation
import ParleyCheck
import ParleyTable

/// `parley check`: every finding of `check.md` about phrase tables, with exit codes 0/1/2.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report what phrase tables get wrong: collisions, clashes, references, style.",
        discussion: "Exit status: 0 no errors, 1 errors (or warnings with --strict), 2 could not run."
    )

    enum Format: String, ExpressibleByArgument {
        case human, json, html
    }

    @Argument(help: "Phrase-table files or folders (default: phrases).")
    var paths: [String] = []

    @Option(name: .long, help: "Output format: human, json or html.")
    var format: Format = .human

    @Flag(name: .long, help: "Count warnings as errors.")
    var strict = false

    @Option(name: .long, help: "The wake phrase no shortcut may contain.")
    var wakePhrase = "hey parley"

    mutating func validate() throws {
        if paths.isEmpty { paths = [PhraseTableLoader.defaultFolder] }
    }

    func run() throws {
        let report: CheckReport
        do {
            report = try PhraseChecker.check(paths: paths, options: CheckOptions(wakePhrase: wakePhrase))
        } catch {
            FileHandle.standardError.write(Data("parley check: \(error)\n".utf8))
            throw ExitCode(2)
        }
        switch format {
        case .human: print(report.human(), terminator: "")
        case .json: print(report.json(), terminator: "")
        case .html: print(HTMLReport.render(report), terminator: "")
        }
        let code = report.exitCode(strict: strict)
        if code != 0 { throw ExitCode(code) }
    }
}
