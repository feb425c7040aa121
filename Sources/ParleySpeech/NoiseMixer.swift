import Foundation

/// Adds white noise at a chosen signal-to-noise ratio, deterministically (a seeded generator),
/// for benchmarks and tests of recognition in noise.
public struct NoiseMixer: Sendable {
    private var state: UInt64

    /// A mixer whose noise is fixed by `seed`.
    public init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    /// `audio` with Gaussian white noise `snrDecibels` below the speech. Speech power is
    /// measured over the samples louder than 1% of full scale, so leading and trailing
    /// silence do not dilute it.
    public mutating func mix(_ audio: PCMAudio, snrDecibels: Double) -> PCMAudio {
        let loud = audio.samples.lazy.map { Double($0) }.filter { abs($0) > 327 }
        var power = 0.0
        var count = 0
        for sample in loud {
            power += sample * sample
            count += 1
        }
        guard count > 0 else { return audio }
        let noiseDeviation = (power / Double(count) / pow(10, snrDecibels / 10)).squareRoot()
        let mixed = audio.samples.map { sample -> Int16 in
            let value = Double(sample) + gaussian() * noiseDeviation
            return Int16(max(-32768, min(32767, value.rounded())))
        }
        return PCMAudio(samples: mixed, sampleRate: audio.sampleRate)
    }

    /// `samples` with Gaussian white noise of standard deviation `deviation` added.
    public mutating func addNoise(_ samples: [Int16], deviation: Double) -> [Int16] {
        samples.map { sample in
            Int16(max(-32768, min(32767, (Double(sample) + gaussian() * deviation).rounded())))
        }
    }

    /// A standard normal deviate (Box–Muller over a SplitMix64 stream).
    private mutating func gaussian() -> Double {
        let first = max(uniform(), 1e-12)
        let second = uniform()
        return (-2 * log(first)).squareRoot() * cos(2 * Double.pi * second)
    }

    private mutating func uniform() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        return Double(mixed >> 11) / Double(1 << 53)
    }
}
