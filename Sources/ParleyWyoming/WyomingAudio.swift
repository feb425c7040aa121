/// The format every Wyoming audio event carries.
public struct AudioFormat: Sendable, Hashable {
    /// Samples per second.
    public var rate: Int
    /// Bytes per sample (2 for 16-bit).
    public var width: Int
    /// Interleaved channels.
    public var channels: Int

    /// A format of `rate` Hz, `width` bytes per sample and `channels` channels.
    public init(rate: Int, width: Int = 2, channels: Int = 1) {
        self.rate = rate
        self.width = width
        self.channels = channels
    }

    /// 16 kHz, 16-bit, mono: what the recognizer consumes.
    public static let recognizer = AudioFormat(rate: 16_000)

    /// Bytes in one frame (one sample of every channel).
    public var bytesPerFrame: Int { width * channels }

    /// Whether Parley can take audio in this format (16-bit PCM, 1 or 2 channels, a sane rate).
    public var isSupported: Bool { width == 2 && (1...2).contains(channels) && (4_000...192_000).contains(rate) }
}

/// A piece of audio: its format, an optional timestamp and the PCM bytes.
public struct AudioChunk: Sendable, Hashable {
    /// The format of `audio`.
    public var format: AudioFormat
    /// The peer's timestamp; not reliably milliseconds, so Parley times audio by samples.
    public var timestamp: Int?
    /// Little-endian interleaved PCM.
    public var audio: [UInt8]

    /// A chunk of `audio` in `format`.
    public init(format: AudioFormat, timestamp: Int? = nil, audio: [UInt8]) {
        self.format = format
        self.timestamp = timestamp
        self.audio = audio
    }

    /// The chunk as 16-bit samples of its first channel (other channels are dropped).
    public var monoSamples: [Int16] {
        guard format.width == 2, format.channels >= 1 else { return [] }
        let step = format.bytesPerFrame
        var samples: [Int16] = []
        samples.reserveCapacity(audio.count / step)
        var index = 0
        while index + 1 < audio.count {
            samples.append(Int16(bitPattern: UInt16(audio[index]) | UInt16(audio[index + 1]) << 8))
            index += step
        }
        return samples
    }

    /// Mono 16-bit `samples` at `rate` as one chunk.
    public init(samples: ArraySlice<Int16>, rate: Int, timestamp: Int? = nil) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(samples.count * 2)
        for sample in samples {
            let bits = UInt16(bitPattern: sample)
            bytes.append(UInt8(bits & 0xFF))
            bytes.append(UInt8(bits >> 8))
        }
        self.init(format: AudioFormat(rate: rate), timestamp: timestamp, audio: bytes)
    }
}
