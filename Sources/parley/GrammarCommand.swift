import ArgumentParser
import Foundation
import ParleySpeech

/// `parley grammar`: the top-level speech grammar, for inspection.
struct GrammarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grammar",
        abstract: "Print the top-level speech grammar of the tables (PocketSphinx FSG format), or its words' pronunciations."
    )

    @OptionGroup var tables: PhrasesOption
    @OptionGroup var speech: SpeechOptions

    @Flag(name: .long, help: "Instead, list every grammar word with its phones and where they came from.")
    var phones = false

    func run() throws {
        let compiled = try loadCompiledTable(tables.phrases)
        let grammar = GrammarBuilder.topLevel(compiled)
        guard phones else {
            print(grammar.fsgText(name: "top"), terminator: "")
            return
        }
        do {
            let recognizer = try Recognizer(configuration: speech.configuration, warmUp: false)
            for word in grammar.wordsWithOpenings {
                let pronunciation = try recognizer.pronunciation(of: word)
                print("\(word)\t\(pronunciation.phones.joined(separator: " "))\t\(pronunciation.source.rawValue)")
            }
        } catch let error as SpeechError {
            FileHandle.standardError.write(Data("parley grammar: \(error)\n".utf8))
            throw ExitCode(2)
        }
    }
}
