import Foundation

/// Raises a quiet recording to the level the recognizer is tuned for. Every utterance gets a
/// white-noise floor (`RecognizerConfiguration.noiseFloor`, about −50 dBFS) so the model never
/// meets digital silence; speech from a microphone set low sits close to that floor and drowns in
/// it — real coffee orders 20 dB quieter than recorded came out 48 of 120 right instead of 117,
/// 30 dB quieter none. The decoder itself does not mind the level (its cepstra are normalized by
/// their mean: without the floor both quiet copies gave 117), so quiet speech is made louder
/// before anything else judges it.
///
/// The level is the utterance's loud level, as `TalkerSpan` takes it: the 95th percentile of its
/// 100 ms windows' power. Only audio that rises and falls as speech does is raised — its loud and
/// quiet tenths at least `speechRange` dB apart — so a steady hiss or hum is left as it came, and
/// never by more than `maximum` dB.
public struct QuietGain: Sendable, Equatable {
    /// The loud level (dBFS) quieter speech is raised to; 0 raises nothing.
    public var target: Double

    /// Raising quieter speech to `target` dBFS (0: off).
    public init(target: Double) { self.target = min(0, target) }

    /// The most a recording is raised (dB): a microphone 30 dB too quiet still has speech above its
    /// own noise; beyond that only the noise would grow.
    public static let maximum = 30.0

    /// How far apart (dB) the loud and quiet tenths of the windows must be for the audio to count
    /// as speech worth raising.
    public static let speechRange = 10.0

    /// The gain (dB, 0 or more) for `samples`.
    public func decibels(for samples: [Int16]) -> Double {
        guard target < 0 else { return 0 }
        let powers = WindowPower.of(samples, size: TalkerSpan.window).sorted()
        guard powers.count >= 3 else { return 0 }
        let loud = TalkerSpan.loudLevel(powers)
        let quiet = powers[powers.count / 10]
        guard loud > 0, loud >= quiet * pow(10, Self.speechRange / 10) else { return 0 }
        let level = 10 * log10(loud / (32_768.0 * 32_768.0))
        return min(Self.maximum, max(0, target - level))
    }

    /// `samples` made louder by `decibels` (quieter when negative), clipped to 16 bits.
    public static func scaled(_ samples: [Int16], by decibels: Double) -> [Int16] {
        guard decibels != 0 else { return samples }
        let factor = pow(10, decibels / 20)
        return samples.map { Int16(max(-32_768, min(32_767, (Double($0) * factor).rounded()))) }
    }

    /// `samples` raised by the gain they need.
    public func raised(_ samples: [Int16]) -> [Int16] { Self.scaled(samples, by: decibels(for: samples)) }
}
