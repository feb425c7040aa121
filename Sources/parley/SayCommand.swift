import ArgumentParser
import Foundation
import ParleySpeech

/// `parley say`: speaks text with eSpeak NG into a WAV file.
struct SayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "say",
        abstract: "Speak text with eSpeak NG into a WAV file (16-bit mono, 22050 Hz)."
    )

    @Argument(help: "The text to speak.")
    var text: [String]

    @Option(name: [.short, .customLong("output")], help: "The WAV file to write.")
    var output: String

    @Option(name: .long, help: "eSpeak NG voice: en-us, en-us+f3, en-us+m3, en (British), …")
    var voice = SpeechSynthesizer.defaultVoice

    @Option(name: .long, help: "Speaking rate in words per minute (80…450).")
    var rate = SpeechSynthesizer.defaultWordsPerMinute

    func validate() throws {
        guard !text.joined().trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("Give the text to speak.") }
        let range = SpeechSynthesizer.wordsPerMinuteRange
        guard range.contains(rate) else {
            throw ValidationError("--rate is words per minute, \(range.lowerBound)…\(range.upperBound) (eSpeak NG's range), not \(rate).")
        }
    }

    func run() throws {
        do {
            let audio = try SpeechSynthesizer(voice: voice, wordsPerMinute: rate).synthesize(text.joined(separator: " "))
            try WAVCodec.write(audio.wav, to: output)
        } catch let error as SpeechError {
            FileHandle.standardError.write(Data("parley say: \(error)\n".utf8))
            throw ExitCode(2)
        }
    }
}
