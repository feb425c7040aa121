import ArgumentParser

/// `parley`: the command-line face of Parley.
@main
struct Parley: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parley",
        abstract: "Voice shortcuts for Linux: match utterances, check phrase tables, measure.",
        subcommands: [MatchCommand.self, CheckCommand.self, BenchCommand.self]
    )
}

/// Options shared by commands that read phrase tables.
struct PhrasesOption: ParsableArguments {
    @Option(name: .long, help: "A folder (or file) of phrase tables.")
    var phrases: String = "phrases"
}
