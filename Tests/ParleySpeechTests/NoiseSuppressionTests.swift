import Foundation
import Testing
@testable import ParleySpeech

/// Steady noise taken out before decoding (libspeexdsp), and only from audio that has it.
@Suite struct NoiseSuppressionTests {
    /// RMS of `samples` in 16-bit units.
    static func rms<Samples: Collection<Int16>>(_ samples: Samples) -> Double {
        (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, samples.count))).squareRoot()
    }

    static func noisy(_ text: String, snr: Double, seed: UInt64 = 11) throws -> (clean: PCMAudio, noisy: PCMAudio) {
        let clean = try FreshSpeech.recognizerAudio(text, voice: "en-us", wordsPerMinute: 170).padded(seconds: 0.3)
        var mixer = NoiseMixer(seed: seed)
        return (clean, mixer.mix(clean, snrDecibels: snr))
    }

    @Test func audioQuietBetweenItsWordsIsLeftAlone() throws {
        let clean = try FreshSpeech.recognizerAudio("order tomato soup with soup chef", voice: "en-us", wordsPerMinute: 170)
        #expect(!NoiseSuppressor.isNoisy(clean.samples))
        #expect(NoiseSuppressor.suppressed(clean.samples, decibels: 15) == clean.samples)
    }

    @Test func steadyNoiseGoesDownAndSpeechStays() throws {
        let (clean, noisy) = try Self.noisy("order tomato soup with soup chef", snr: 10)
        #expect(NoiseSuppressor.isNoisy(noisy.samples))
        let suppressed = NoiseSuppressor.suppressed(noisy.samples, decibels: 15)
        #expect(suppressed.count == noisy.samples.count)
        // Frames where the clean audio is silent hold only the noise; the loudest hold speech.
        let size = NoiseSuppressor.frameSize
        let frames = stride(from: 0, to: clean.samples.count - size, by: size).map { $0..<($0 + size) }
        let silent = frames.filter { Self.rms(clean.samples[$0]) < 1 }
        let loud = frames.sorted { Self.rms(clean.samples[$0]) > Self.rms(clean.samples[$1]) }.prefix(frames.count / 10)
        #expect(silent.count > 20 && loud.count > 5)
        func decibels(_ ranges: some Sequence<Range<Int>>, _ samples: [Int16]) -> Double {
            20 * log10(ranges.map { Self.rms(samples[$0]) }.reduce(0, +))
        }
        let noiseDrop = decibels(silent, noisy.samples) - decibels(silent, suppressed)
        let speechDrop = decibels(loud, noisy.samples) - decibels(loud, suppressed)
        #expect(noiseDrop > 10, "noise down by \(noiseDrop) dB")
        #expect(speechDrop < 3, "speech down by \(speechDrop) dB")
    }

    @Test func piecesGiveWhatTheWholeGives() throws {
        let (_, noisy) = try Self.noisy("start sleep meditation with still mind", snr: 10)
        let whole = NoiseSuppressor(decibels: 15)
        let expected = whole.process(noisy.samples) + whole.flush()
        for piece in [1, 333, 320, 4_801] {
            let inPieces = NoiseSuppressor(decibels: 15)
            var out: [Int16] = []
            for start in stride(from: 0, to: noisy.samples.count, by: piece) {
                out += inPieces.process(noisy.samples[start..<min(noisy.samples.count, start + piece)])
            }
            out += inPieces.flush()
            #expect(out == expected, "pieces of \(piece)")
        }
    }
}

/// The recognizer with and without suppression, on noisy shortcuts that it turns from wrong (or
/// unsure) to right.
@Suite struct NoisyRecognitionTests {
    static let cases: [(text: String, snr: Double)] = [
        ("start sleep meditation with still mind", 10), ("add milk to grocery cart", 10),
        ("start recording with pocket recorder", 5), ("watch comets on home plate", 3),
    ]

    @Test func suppressionHearsNoisyShortcutsRight() throws {
        let transcriber = try SpeechTranscriber(ShippedTables.compiled())
        #expect(transcriber.recognizer.configuration.noiseSuppression == 15, "on by default")
        var off = transcriber.recognizer.configuration
        off.noiseSuppression = 0
        let plain = try SpeechTranscriber(ShippedTables.compiled(), configuration: off)
        for (text, snr) in Self.cases {
            let (_, noisy) = try NoiseSuppressionTests.noisy(text, snr: snr)
            let heard = try transcriber.recognizer.recognize(noisy)
            let unsuppressed = try plain.recognizer.recognize(noisy)
            #expect(heard.text == text.lowercased().replacingOccurrences(of: "still mind", with: "stillmind"), "\(text) at \(snr) dB")
            #expect(heard.confidence >= transcriber.minimumConfidence, "\(text) at \(snr) dB: \(heard.confidence)")
            #expect(unsuppressed.text != heard.text || unsuppressed.confidence < 0.5,
                    "without suppression: ‘\(unsuppressed.text)’ \(unsuppressed.confidence)")
        }
    }

    /// A stream judges the noise from its lead-in (the audio before speech) and learns it there;
    /// it hears a noisy shortcut right, in the pieces satellites send, with its streamed passes.
    @Test func aNoisyStreamHearsRight() throws {
        let (decoder, _) = try StreamingTests.topLevelRecognizer()
        let loop = try Recognizer(configuration: decoder.configuration)
        let (_, noisy) = try NoiseSuppressionTests.noisy("start sleep meditation with still mind", snr: 10)
        let lead = 4_800  // the 0.3 s of noise before the words
        // The room's cepstral mean, as parleyd knows it after the first utterance heard there.
        let (_, first) = try StreamingTests.streamed(noisy, piece: 320, grammar: SpeechTranscriber.topLevelGrammar,
                                                     on: decoder, loop: loop, leadIn: lead)
        let (streamed, stream) = try StreamingTests.streamed(noisy, piece: 320, grammar: SpeechTranscriber.topLevelGrammar,
                                                             on: decoder, loop: loop, startMean: first.endMean, leadIn: lead)
        #expect(streamed.text == "start sleep meditation with stillmind")
        #expect(streamed.confidence > 0.9)
        #expect(!stream.decodedWhole)
        // Without the lead-in the stream cannot tell the noise from the words and leaves it in.
        let (plain, _) = try StreamingTests.streamed(noisy, piece: 320, grammar: SpeechTranscriber.topLevelGrammar,
                                                     on: decoder, loop: loop)
        #expect(plain.text == streamed.text, "unsure without suppression, so decoded again whole")
    }

    /// The quiet moments of clean speech keep it out of the suppressor, even without pauses.
    @Test func cleanSpeechIsNotJudgedNoisy() throws {
        for text in ["say that again", "start sleep meditation with still mind", "what can I say"] {
            let audio = try AudioConverter.recognizerAudio(SpeechSynthesizer().synthesize(text))
            #expect(!NoiseSuppressor.isNoisy(audio.samples), "\(text)")
        }
    }
}
