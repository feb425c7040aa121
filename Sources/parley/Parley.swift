import ArgumentParser
import Foundation

/// `parley`: the command-line face of Parley.
@main
struct Parley: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parley",
        abstract: "Voice shortcuts for Linux: match utterances, check phrase tables, measure.",
        subcommands: [
            MatchCommand.self, CheckCommand.self, ConverseCommand.self, TalkCommand.self, SayCommand.self,
            TranscribeCommand.self, GrammarCommand.self, BenchCommand.self, SpeechBenchCommand.self, BenchCoffeeCommand.self,
            BenchDaemonCommand.self,
        ]
    )

    /// Runs the command; `parley check` with bad options exits 2 (`check.md`), not 64.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure, CommandLine.arguments.dropFirst().first == "check" {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// Options shared by commands that read phrase tables.
struct PhrasesOption: ParsableArguments {
    @Option(name: .long, help: "A folder (or file) of phrase tables.")
    var phrases: String = "phrases"
}
