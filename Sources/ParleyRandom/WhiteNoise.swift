import Foundation

/// Gaussian white noise mixed into 16-bit speech, deterministic for a generator: the one noise
/// source behind the speech benchmarks, `parley check --acoustic` and the recognizer's noise floor.
public enum WhiteNoise {
    /// `samples` with noise `snrDecibels` below the speech. Speech power is measured over the
    /// samples louder than 1% of full scale, so leading and trailing silence do not dilute it;
    /// audio with no such samples comes back unchanged.
    public static func mix(_ samples: [Int16], snrDecibels: Double, using generator: inout SplitMix64) -> [Int16] {
        var power = 0.0
        var count = 0
        for sample in samples where abs(Int(sample)) > 327 {
            power += Double(sample) * Double(sample)
            count += 1
        }
        guard count > 0 else { return samples }
        let deviation = (power / Double(count) / pow(10, snrDecibels / 10)).squareRoot()
        return add(samples, deviation: deviation, using: &generator)
    }

    /// `samples` with noise of standard deviation `deviation` (16-bit units) added, clamped.
    public static func add(_ samples: [Int16], deviation: Double, using generator: inout SplitMix64) -> [Int16] {
        samples.map { sample in
            Int16(max(-32768, min(32767, (Double(sample) + generator.gaussian() * deviation).rounded())))
        }
    }
}
