import ArgumentParser
struct CheckCommand: ParsableCommand { static let configuration = CommandConfiguration(commandName: "check") }
struct BenchCommand: ParsableCommand { static let configuration = CommandConfiguration(commandName: "bench") }
