/// Mono 16-bit PCM audio and its sample rate: what the synthesizer produces and what the
/// recognizer consumes (at 16 kHz).
public struct PCMAudio: Sendable, Equatable {
    /// Signed 16-bit samples, one channel.
    public var samples: [Int16]
    /// Samples per second.
    public var sampleRate: Int

    /// Audio of `samples` at `sampleRate` samples per second.
    public init(samples: [Int16], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    /// The length in seconds.
    public var seconds: Double {
        sampleRate > 0 ? Double(samples.count) / Double(sampleRate) : 0
    }

    /// The same audio with `seconds` of silence before and after it.
    public func padded(seconds: Double) -> PCMAudio {
        let count = max(0, Int(seconds * Double(sampleRate)))
        let silence = [Int16](repeating: 0, count: count)
        return PCMAudio(samples: silence + samples + silence, sampleRate: sampleRate)
    }
}
