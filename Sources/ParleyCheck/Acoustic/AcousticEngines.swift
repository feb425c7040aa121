/// Turns text into speech for the acoustic check: 16 kHz mono 16-bit samples.
public protocol SpeechRendering {
    func render(_ text: String, voice: AcousticVoice) throws -> [Int16]
}

/// Hears speech through the real top-level grammar: the words recognized (empty for nothing).
/// One per worker: a decoder is not shared between threads.
public protocol SpeechHearing {
    func hear(_ samples: [Int16]) throws -> String
}

/// A voice and speaking rate to render phrases with.
public struct AcousticVoice: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var wordsPerMinute: Int

    public init(name: String, wordsPerMinute: Int) {
        self.name = name
        self.wordsPerMinute = wordsPerMinute
    }

    public var description: String { "\(name) at \(wordsPerMinute) wpm" }

    /// American female and male voices and a British one, slow to fast.
    public static let standard = [
        AcousticVoice(name: "en-us", wordsPerMinute: 175), AcousticVoice(name: "en-us+f3", wordsPerMinute: 150),
        AcousticVoice(name: "en-us+m3", wordsPerMinute: 210), AcousticVoice(name: "en", wordsPerMinute: 180),
    ]
}

/// What `--acoustic` does.
public struct AcousticOptions: Sendable {
    public var voices: [AcousticVoice]
    /// White noise mixed in at this signal-to-noise ratio (nil: clean).
    public var noiseDecibels: Double?
    public var seed: UInt64
    /// Values of a slot tried per phrase (all when there are at most this many).
    public var valuesPerSlot: Int
    /// Workers decoding in parallel.
    public var jobs: Int

    public init(voices: [AcousticVoice] = AcousticVoice.standard, noiseDecibels: Double? = 20, seed: UInt64 = 1,
                valuesPerSlot: Int = 3, jobs: Int = 2) {
        self.voices = voices
        self.noiseDecibels = noiseDecibels
        self.seed = seed
        self.valuesPerSlot = valuesPerSlot
        self.jobs = jobs
    }
}

/// SplitMix64: a small seeded generator, so a seed gives the same trials and noise everywhere.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Mixes white noise into speech at a signal-to-noise ratio (deterministic for a generator).
public enum NoiseMixer {
    public static func mix(_ samples: [Int16], decibels: Double, generator: inout SeededGenerator) -> [Int16] {
        guard !samples.isEmpty else { return samples }
        let power = samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)
        let noiseDeviation = (power / pow10(decibels / 10)).squareRoot()
        return samples.map { sample in
            // Box–Muller: a normal deviate from two uniform ones.
            let u1 = max(Double(generator.next() >> 11) / Double(1 << 53), 1e-12)
            let u2 = Double(generator.next() >> 11) / Double(1 << 53)
            let noise = (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2) * noiseDeviation
            return Int16(clamping: Int((Double(sample) + noise).rounded()))
        }
    }

    private static func pow10(_ x: Double) -> Double { exp(x * log(10)) }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
