import ArgumentParser
import Foundation
import ParleyGrammar
import ParleySpeech

/// `parley transcribe`: what was heard in WAV files, with the top-level grammar of the tables.
struct TranscribeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transcribe",
        abstract: "Recognize WAV files with the top-level grammar: what was heard, the confidence, the shortcut.",
        discussion: """
            Any WAV rate, width and channel count is converted to 16 kHz mono. The grammar holds every \
            shortcut phrase of the tables and the global commands (cancel, stop, repeat, help, yes, no, …). \
            Speech outside it comes out empty or with a low confidence, and then matches nothing.
            """
    )

    @Argument(help: "WAV files (a .raw file is read as 16 kHz mono 16-bit).")
    var files: [String]

    @OptionGroup var tables: PhrasesOption
    @OptionGroup var speech: SpeechOptions

    @Flag(name: .long, help: "One JSON object per file.")
    var json = false

    @Flag(name: .long, help: "Dictate with the large language model instead, as an open answer (free text, a time, a date) is decoded; nothing is matched.")
    var dictation = false

    @Option(name: .long, help: "Results below this confidence match nothing (0…1).")
    var minimumConfidence = SpeechTranscriber.defaultMinimumConfidence

    func run() throws {
        let transcribe: (PCMAudio) throws -> Transcription
        do {
            if dictation {
                let recognizer = try Recognizer(configuration: speech.configuration, warmUp: false, dictation: true)
                transcribe = { Transcription(recognition: try recognizer.recognize($0)) }
            } else {
                let transcriber = try SpeechTranscriber(loadCompiledTable(tables.phrases), configuration: speech.configuration)
                transcriber.minimumConfidence = minimumConfidence
                transcribe = transcriber.transcribe
            }
        } catch let exit as ExitCode {
            throw exit  // the tables did not load; said already
        } catch {
            FileHandle.standardError.write(Data("parley transcribe: \(error)\n".utf8))
            throw ExitCode(2)
        }
        var failed = false
        for file in files {
            do {
                let result = try transcribe(AudioConverter.load(path: file))
                print(json ? Self.json(file, result) : Self.human(file, result))
            } catch {
                FileHandle.standardError.write(Data("parley transcribe: \(error)\n".utf8))
                failed = true
            }
        }
        if failed { throw ExitCode(1) }
    }

    static func human(_ file: String, _ result: Transcription) -> String {
        let heard = result.recognition.isEmpty ? "(nothing)" : "“\(result.recognition.text)”"
        var line = "\(file)\t\(heard)\tconfidence \(String(format: "%.2f", result.recognition.confidence))"
        if let match = result.match {
            line += "\t\(match.app) · \(match.intent)"
            let parameters = match.parameters.map { "\($0.name) = \($0.value)" }
            if !parameters.isEmpty { line += " · " + parameters.joined(separator: ", ") }
        } else if let command = result.globalCommand {
            line += "\tcommand: \(command)"
        } else {
            line += "\t— no match"
        }
        return line
    }

    static func json(_ file: String, _ result: Transcription) -> String {
        var match = "null"
        if let found = result.match {
            let parameters = found.parameters.map { "\(JSON.quote($0.name)):\($0.value.json)" }.joined(separator: ",")
            match = "{\"app\":\(JSON.quote(found.app)),\"intent\":\(JSON.quote(found.intent)),\"parameters\":{\(parameters)}}"
        }
        let confidence = String(format: "%.3f", result.recognition.confidence)
        return "{\"file\":\(JSON.quote(file)),\"text\":\(JSON.quote(result.recognition.text)),"
            + "\"confidence\":\(confidence),\"match\":\(match)}"
    }
}
