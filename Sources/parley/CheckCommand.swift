import ArgumentParser
struct CheckCommand: ParsableCommand { static let configuration = CommandConfiguration(commandName: "check") }
