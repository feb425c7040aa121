import Foundation

/// Gaussian white noise mixed into 16-bit speech, deterministic for a generator: the one noise
/// source behind the speech benchmarks, `parley check --acoustic` and the recognizer's noise floor.
public enum WhiteNoise {
    /// `samples` with noise `snrDecibels` below the speech. Speech power is measured over the
    /// samples louder than 1% of full scale, so leading and trailing silence do not dilute it;
    /// audio with no such samples comes back unchanged.
    public static func mix(_ samples: [Int16], snrDecibels: Double, using generator: inout SplitMix64) -> [Int16] {
        let power = speechPower(samples)
        guard power > 0 else { return samples }
        let deviation = (power / pow(10, snrDecibels / 10)).squareRoot()
        return add(samples, deviation: deviation, using: &generator)
    }

    /// Mean power of the samples louder than 1% of full scale (0 when none are): the speech
    /// level every signal-to-noise ratio here is measured against.
    public static func speechPower(_ samples: [Int16]) -> Double {
        var power = 0.0
        var count = 0
        for sample in samples where abs(Int(sample)) > 327 {
            power += Double(sample) * Double(sample)
            count += 1
        }
        return count > 0 ? power / Double(count) : 0
    }

    /// `samples` with noise of standard deviation `deviation` (16-bit units) added, clamped.
    public static func add(_ samples: [Int16], deviation: Double, using generator: inout SplitMix64) -> [Int16] {
        samples.map { sample in
            Int16(max(-32768, min(32767, (Double(sample) + generator.gaussian() * deviation).rounded())))
        }
    }
}
