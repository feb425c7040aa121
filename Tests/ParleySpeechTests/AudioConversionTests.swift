import Foundation
import Testing
@testable import ParleySpeech

@Suite struct AudioConversionTests {
    /// A stereo sine (440 Hz left, 440 Hz right at half level) of `seconds` at `rate`.
    private func sine(rate: Int, seconds: Double, format: WAVAudio.SampleFormat) -> WAVAudio {
        let frames = Int(Double(rate) * seconds)
        var samples: [Float] = []
        samples.reserveCapacity(frames * 2)
        for frame in 0..<frames {
            let value = Float(sin(2 * Double.pi * 440 * Double(frame) / Double(rate)))
            samples += [0.5 * value, 0.25 * value]
        }
        return WAVAudio(samples: samples, sampleRate: rate, channels: 2, format: format)
    }

    @Test func stereo24Bit48kHzBecomes16kHzMono() throws {
        let original = sine(rate: 48_000, seconds: 1, format: .integer(bits: 24))
        let data = WAVCodec.encode(original)
        #expect(data.count == 44 + 48_000 * 2 * 3)
        let decoded = try WAVCodec.decode(data)
        #expect(decoded.sampleRate == 48_000 && decoded.channels == 2 && decoded.format == .integer(bits: 24))
        #expect(decoded.frameCount == 48_000)
        // 24-bit keeps the samples to within one step.
        let worst = zip(decoded.samples, original.samples).map { abs($0 - $1) }.max() ?? 1
        #expect(worst < 1.0 / 4_000_000)

        let converted = try AudioConverter.recognizerAudio(decoded)
        #expect(converted.sampleRate == 16_000)
        #expect(abs(converted.samples.count - 16_000) <= 2)
        // The mono mix of 0.5 and 0.25 is 0.375 of full scale: RMS 0.375/√2 · 32768 ≈ 8689.
        let middle = converted.samples[2_000..<14_000].map { Double($0) }
        let rms = (middle.map { $0 * $0 }.reduce(0, +) / Double(middle.count)).squareRoot()
        #expect(abs(rms - 8689) < 90)
        // Still 440 Hz: 880 zero crossings a second.
        var crossings = 0
        for index in middle.indices.dropFirst() where (middle[index - 1] < 0) != (middle[index] < 0) { crossings += 1 }
        #expect(abs(Double(crossings) / 0.75 - 880) < 8)
    }

    @Test func sixteenBitMonoRoundTripsExactly() throws {
        let pcm = PCMAudio(samples: [0, 1, -1, 32767, -32768, 1234, -4321], sampleRate: 22_050)
        let decoded = try WAVCodec.decode(WAVCodec.encode(pcm.wav))
        #expect(PCMAudio(floats: decoded.samples, sampleRate: decoded.sampleRate) == pcm)
    }

    @Test func floatAndEightBitFormatsDecode() throws {
        for format in [WAVAudio.SampleFormat.float(bits: 32), .float(bits: 64), .integer(bits: 8), .integer(bits: 32)] {
            let audio = WAVAudio(samples: [0, 0.5, -0.5, 0.25], sampleRate: 8_000, channels: 1, format: format)
            let decoded = try WAVCodec.decode(WAVCodec.encode(audio))
            #expect(decoded.format == format)
            for (got, want) in zip(decoded.samples, audio.samples) { #expect(abs(got - want) < 0.01) }
        }
    }

    @Test func garbageIsAnErrorNotACrash() {
        #expect(throws: SpeechError.self) { try WAVCodec.decode(Data("not a wav file at all".utf8)) }
        #expect(throws: SpeechError.self) { try WAVCodec.decode(Data("RIFF\u{0}\u{0}\u{0}\u{0}WAVEdata".utf8)) }
        var truncated = WAVCodec.encode(WAVAudio(samples: [0.1, 0.2], sampleRate: 16_000, channels: 1, format: .integer(bits: 16)))
        truncated = truncated.prefix(30)
        #expect(throws: SpeechError.self) { try WAVCodec.decode(truncated) }
    }

    @Test func resamplingKeepsDuration() throws {
        let samples = [Float](repeating: 0.1, count: 22_050)
        let resampled = try AudioConverter.resample(samples, from: 22_050, to: 16_000)
        #expect(abs(resampled.count - 16_000) <= 2)
    }
}
