import ParleyRandom

/// Adds white noise at a chosen signal-to-noise ratio to `PCMAudio`, deterministically (a seeded
/// generator), for benchmarks and tests of recognition in noise. A thin wrapper over
/// `ParleyRandom.WhiteNoise`.
public struct NoiseMixer: Sendable {
    private var generator: SplitMix64

    /// A mixer whose noise is fixed by `seed`.
    public init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    /// `audio` with Gaussian white noise `snrDecibels` below the speech (speech power measured
    /// over samples louder than 1% of full scale).
    public mutating func mix(_ audio: PCMAudio, snrDecibels: Double) -> PCMAudio {
        PCMAudio(samples: WhiteNoise.mix(audio.samples, snrDecibels: snrDecibels, using: &generator),
                 sampleRate: audio.sampleRate)
    }

    /// `samples` with Gaussian white noise of standard deviation `deviation` added.
    public mutating func addNoise(_ samples: [Int16], deviation: Double) -> [Int16] {
        WhiteNoise.add(samples, deviation: deviation, using: &generator)
    }
}
