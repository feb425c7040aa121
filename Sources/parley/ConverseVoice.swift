import ArgumentParser
import Foundation
import ParleyDialogue
import ParleyGrammar
import ParleyRuntime
import ParleySpeech
import ParleySpokenDialogue

/// The speech side of `parley converse`: spoken turns (`@file.wav`) through a recognizer started
/// on first use, and replies written as numbered WAV files (`--speak-dir`).
struct ConverseVoice {
    let compiled: CompiledTable
    let configuration: RecognizerConfiguration
    let speakDirectory: String?
    private var listener: TurnRecognizer?
    private var spoken = 0

    init(compiled: CompiledTable, configuration: RecognizerConfiguration, speakDirectory: String?) {
        self.compiled = compiled
        self.configuration = configuration
        self.speakDirectory = speakDirectory
    }

    /// The audio file of a spoken turn: the rest of a line starting with `@`, trimmed.
    static func audioPath(_ line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("@") else { return nil }
        let path = trimmed.dropFirst().trimmingCharacters(in: .whitespaces)
        return path.isEmpty ? nil : path
    }

    /// Creates the `--speak-dir` folder when missing.
    func prepareSpeakDirectory() throws {
        guard let speakDirectory else { return }
        do {
            try FileManager.default.createDirectory(atPath: speakDirectory, withIntermediateDirectories: true)
        } catch {
            FileHandle.standardError.write(Data("parley converse: cannot create \(speakDirectory): \(error.localizedDescription)\n".utf8))
            throw ExitCode(2)
        }
    }

    /// One spoken turn; nil (after a message on standard error) when the file cannot be read.
    /// Exits 2 when the recognizer cannot start.
    mutating func turn(path: String, driver: inout ConversationDriver) -> SpokenTurn? {
        let audio: PCMAudio
        do {
            audio = try AudioConverter.load(path: path)
        } catch {
            FileHandle.standardError.write(Data("parley converse: \(path): \(error)\n".utf8))
            return nil
        }
        do {
            if listener == nil { listener = try TurnRecognizer(compiled, configuration: configuration) }
            guard let listener else { return nil }
            return try driver.turn(audio: audio, listener: listener)
        } catch {
            FileHandle.standardError.write(Data("parley converse: \(error)\n".utf8))
            if listener == nil { Foundation.exit(2) }
            return nil
        }
    }

    /// Writes `text` spoken as the next numbered WAV (`0001.wav`, …) in `--speak-dir`.
    mutating func speak(_ text: String) {
        guard let speakDirectory else { return }
        spoken += 1
        let path = speakDirectory + "/" + String(format: "%04d.wav", spoken)
        do {
            try WAVCodec.write(SpeechSynthesizer().synthesize(text).wav, to: path)
        } catch {
            FileHandle.standardError.write(Data("parley converse: cannot speak into \(path): \(error)\n".utf8))
        }
    }
}
