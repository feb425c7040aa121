import Foundation

/// Audio as read from or written to a WAV file: interleaved samples scaled to -1…1, with the
/// container's rate, channel count and sample format.
public struct WAVAudio: Sendable, Equatable {
    /// How samples are stored in the file.
    public enum SampleFormat: Sendable, Equatable {
        /// Signed integers of 8 (stored unsigned), 16, 24 or 32 bits.
        case integer(bits: Int)
        /// IEEE floats of 32 or 64 bits.
        case float(bits: Int)

        /// Bits per sample.
        public var bits: Int {
            switch self {
            case .integer(let bits), .float(let bits): bits
            }
        }
    }

    /// Interleaved samples, frame after frame, each channel in -1…1.
    public var samples: [Float]
    /// Frames per second.
    public var sampleRate: Int
    /// Channels per frame (at least 1).
    public var channels: Int
    /// The sample format in the file.
    public var format: SampleFormat

    /// Audio of interleaved `samples`.
    public init(samples: [Float], sampleRate: Int, channels: Int, format: SampleFormat) {
        self.samples = samples
        self.sampleRate = sampleRate
        self.channels = max(1, channels)
        self.format = format
    }

    /// The number of frames (samples per channel).
    public var frameCount: Int { samples.count / channels }

    /// The channels averaged into one.
    public func mono() -> [Float] {
        guard channels > 1 else { return samples }
        var out = [Float](repeating: 0, count: frameCount)
        let scale = 1 / Float(channels)
        for frame in 0..<frameCount {
            var sum: Float = 0
            for channel in 0..<channels { sum += samples[frame * channels + channel] }
            out[frame] = sum * scale
        }
        return out
    }
}

extension PCMAudio {
    /// 16-bit mono audio as WAV audio (for writing).
    public var wav: WAVAudio {
        WAVAudio(samples: samples.map { Float($0) / 32768 }, sampleRate: sampleRate, channels: 1, format: .integer(bits: 16))
    }

    /// Float samples in -1…1 rounded to 16 bits, clipped at full scale.
    public init(floats: [Float], sampleRate: Int) {
        self.init(samples: floats.map { value in
            let scaled = (value * 32768).rounded()
            return Int16(max(-32768, min(32767, scaled.isFinite ? scaled : 0)))
        }, sampleRate: sampleRate)
    }
}
