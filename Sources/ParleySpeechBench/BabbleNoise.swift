import Foundation
import ParleyRandom
import ParleySpeech

/// Babble: several other people's recordings summed, made at run time from the corpus and
/// mixed in at a chosen signal-to-noise ratio. Deterministic: the talkers and their offsets
/// for an utterance follow from the seed and the utterance's index alone, so a subset of the
/// corpus gets the same noise as in a full run.
public struct BabbleNoise: Sendable {
    /// The recordings babble is made of (16 kHz mono), each scaled to the same speech level.
    private let talkers: [[Double]]
    /// Which recording each talker is (an utterance never babbles over itself).
    private let sources: [Int]
    /// Talkers summed per utterance.
    public let talkersPerUtterance: Int
    private let seed: UInt64

    /// Babble of `talkersPerUtterance` voices drawn from `recordings`. `sources[i]` names the
    /// utterance `recordings[i]` is (nil: not one of the benchmark's utterances, e.g. an
    /// audiobook sentence), so `noise(for:)` can leave the utterance's own voice out.
    public init(recordings: [PCMAudio], sources: [Int?], talkersPerUtterance: Int = 4, seed: UInt64) {
        var talkers: [[Double]] = []
        var kept: [Int] = []
        for (index, audio) in recordings.enumerated() {
            let level = WhiteNoise.speechPower(audio.samples)
            guard level > 0, !audio.samples.isEmpty else { continue }
            let scale = 1 / level.squareRoot()
            talkers.append(audio.samples.map { Double($0) * scale })
            kept.append(sources.indices.contains(index) ? sources[index] ?? -1 : -1)
        }
        self.talkers = talkers
        self.sources = kept
        self.talkersPerUtterance = max(1, talkersPerUtterance)
        self.seed = seed
    }

    /// `length` samples of babble for utterance `utterance`, never using its own recording:
    /// each talker starts at a random offset and wraps around.
    public func noise(length: Int, for utterance: Int) -> [Double] {
        var generator = SplitMix64(seed: seed &+ UInt64(truncatingIfNeeded: utterance) &* 0x9E37_79B9_7F4A_7C15)
        let candidates = talkers.indices.filter { sources[$0] != utterance }
        var chosen: [Int] = []
        var pool = candidates
        while chosen.count < talkersPerUtterance, !pool.isEmpty {
            chosen.append(pool.remove(at: generator.int(in: 0..<pool.count)))
        }
        var sum = [Double](repeating: 0, count: length)
        for talker in chosen {
            let samples = talkers[talker]
            var position = generator.int(in: 0..<samples.count)
            for index in 0..<length {
                sum[index] += samples[position]
                position += 1
                if position == samples.count { position = 0 }
            }
        }
        return sum
    }

    /// `audio` with babble `snrDecibels` below its speech.
    public func mix(_ audio: PCMAudio, for utterance: Int, snrDecibels: Double) -> PCMAudio {
        Self.mix(audio, noise: noise(length: audio.samples.count, for: utterance), snrDecibels: snrDecibels)
    }

    /// `audio` with `noise` scaled to `snrDecibels` below the speech. Speech power is measured
    /// as `WhiteNoise` does (over samples louder than 1% of full scale), noise power over the
    /// whole noise, pauses included.
    public static func mix(_ audio: PCMAudio, noise: [Double], snrDecibels: Double) -> PCMAudio {
        let speech = WhiteNoise.speechPower(audio.samples)
        let noisePower = noise.isEmpty ? 0 : noise.reduce(0) { $0 + $1 * $1 } / Double(noise.count)
        guard speech > 0, noisePower > 0 else { return audio }
        let gain = (speech / pow(10, snrDecibels / 10) / noisePower).squareRoot()
        let mixed = audio.samples.indices.map { index -> Int16 in
            let value = Double(audio.samples[index]) + gain * (index < noise.count ? noise[index] : 0)
            return Int16(max(-32768, min(32767, value.rounded())))
        }
        return PCMAudio(samples: mixed, sampleRate: audio.sampleRate)
    }
}
