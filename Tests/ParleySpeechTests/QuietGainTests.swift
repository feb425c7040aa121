import Foundation
import Testing
@testable import ParleySpeech

/// Quiet speech is raised to the level the recognizer is tuned for; steady noise and silence are not.
@Suite struct QuietGainTests {
    /// Syllables of a tone, 200 ms on and 100 ms off, at `amplitude`.
    static func syllables(amplitude: Double, seconds: Double = 2) -> [Int16] {
        (0..<Int(seconds * 16_000)).map { index in
            (index / 1_600) % 3 == 2 ? 0 : Int16((amplitude * sin(Double(index) * 0.2)).rounded())
        }
    }

    static func level(_ samples: [Int16]) -> Double {
        let powers = WindowPower.of(samples, size: TalkerSpan.window).sorted()
        return 10 * log10(TalkerSpan.loudLevel(powers) / (32_768.0 * 32_768.0))
    }

    @Test func quietSpeechIsRaisedToTheTarget() {
        let quiet = Self.syllables(amplitude: 200)  // a sine's power is half its peak's square: about −47 dBFS
        let gain = QuietGain(target: -20)
        let decibels = gain.decibels(for: quiet)
        #expect(abs(Self.level(quiet) + 47.3) < 0.5, "\(Self.level(quiet))")
        #expect(abs(decibels - (Self.level(quiet) + 20).magnitude) < 0.01)
        #expect(abs(Self.level(gain.raised(quiet)) + 20) < 0.1)
    }

    @Test func loudSpeechSilenceAndSteadyNoiseStayAsTheyAre() {
        let gain = QuietGain(target: -20)
        let loud = Self.syllables(amplitude: 8_000)
        #expect(gain.decibels(for: loud) == 0)
        #expect(gain.raised(loud) == loud)
        #expect(gain.decibels(for: [Int16](repeating: 0, count: 32_000)) == 0)
        #expect(gain.decibels(for: [1, -1, 2]) == 0)
        var generator = NoiseMixer(seed: 3)
        let hiss = generator.addNoise([Int16](repeating: 0, count: 32_000), deviation: 10)
        #expect(gain.decibels(for: hiss) == 0, "a steady hiss is not speech")
    }

    @Test func theGainHasACeilingAndCanBeTurnedOff() {
        let faint = Self.syllables(amplitude: 20)  // about −67 dBFS
        #expect(QuietGain(target: -20).decibels(for: faint) == QuietGain.maximum)
        #expect(QuietGain(target: 0).decibels(for: faint) == 0)
        #expect(RecognizerConfiguration(quietSpeechLevel: 0).quietSpeechLevel == 0)
        #expect(RecognizerConfiguration(environment: [:]).quietSpeechLevel == -20)
        #expect(RecognizerConfiguration(environment: ["PARLEY_SPEECH_LEVEL": "26"]).quietSpeechLevel == -26)
    }

    @Test func raisingClipsAtSixteenBits() {
        #expect(QuietGain.scaled([20_000, -20_000, 100], by: 20) == [32_767, -32_768, 1_000])
        #expect(QuietGain.scaled([20_000, -20_000, 100], by: -20) == [2_000, -2_000, 10])
    }

    /// Through the real recognizer: a shortcut said 35 dB quieter than eSpeak NG speaks it is
    /// heard as said — whole, and streamed. The first stream of a quiet source is decoded again
    /// whole (it started at no gain); the next, started at the gain the first needed, is not.
    @Test func aQuietShortcutIsHeard() throws {
        let transcriber = try SpeechTranscriber(ShippedTables.compiled())
        let loop = try Recognizer(configuration: transcriber.recognizer.configuration)
        let audio = try FreshSpeech.recognizerAudio("add milk to grocery cart", voice: "en-us", wordsPerMinute: 170)
        let quiet = PCMAudio(samples: audio.samples.map { Int16((Double($0) / 56.2).rounded()) }, sampleRate: audio.sampleRate)
        #expect(Self.level(quiet.samples) < -45)
        let heard = try transcriber.transcribe(quiet)
        #expect(heard.recognition.text == "add milk to grocery cart", "\(heard.recognition.text) \(heard.recognition.confidence)")
        let (first, firstStream) = try StreamingTests.streamed(quiet, piece: 320, grammar: SpeechTranscriber.topLevelGrammar,
                                                               on: transcriber.recognizer, loop: loop)
        #expect(first.text == "add milk to grocery cart")
        #expect(firstStream.decodedWhole && firstStream.endGain > 25)
        let (second, secondStream) = try StreamingTests.streamed(quiet, piece: 320, grammar: SpeechTranscriber.topLevelGrammar,
                                                                 on: transcriber.recognizer, loop: loop, gain: firstStream.endGain)
        #expect(second.text == "add milk to grocery cart")
        #expect(!secondStream.decodedWhole)
    }
}
