import Foundation
import ParleySpeech
import ParleySpeechBench
import Testing

/// Babble made of other recordings: deterministic, never the utterance's own voice, at the SNR asked.
@Suite struct BabbleNoiseTests {
    /// Recording `i` is a constant tone of level 1000·(i+1) (alternating sign, so it has power).
    static let recordings = (0..<5).map { index in
        PCMAudio(samples: (0..<800).map { Int16(($0 % 2 == 0 ? 1 : -1) * 1000 * (index + 1)) }, sampleRate: 16000)
    }

    @Test func sameSeedSameNoise() {
        let first = BabbleNoise(recordings: Self.recordings, sources: [0, 1, 2, 3, 4], talkersPerUtterance: 3, seed: 9)
        let second = BabbleNoise(recordings: Self.recordings, sources: [0, 1, 2, 3, 4], talkersPerUtterance: 3, seed: 9)
        #expect(first.noise(length: 1000, for: 2) == second.noise(length: 1000, for: 2))
        #expect(first.noise(length: 1000, for: 2) != first.noise(length: 1000, for: 3))
    }

    @Test func anUtteranceNeverBabblesOverItself() {
        // Every talker is scaled to unit speech power, so one talker's samples are ±1 whichever it is;
        // with all but one recording the same utterance, the others can only be the odd one out.
        var recordings = Self.recordings
        recordings.append(PCMAudio(samples: (0..<800).map { $0 % 2 == 0 ? 500 : -500 }, sampleRate: 16000))
        let babble = BabbleNoise(recordings: recordings, sources: [0, 0, 0, 0, 0, nil], talkersPerUtterance: 1, seed: 1)
        #expect(babble.noise(length: 100, for: 0).allSatisfy { abs(abs($0) - 1) < 1e-9 })
        #expect(babble.noise(length: 10, for: 7).count == 10)
    }

    @Test func mixedAtTheRequestedRatio() {
        let speech = PCMAudio(samples: (0..<16000).map { $0 % 2 == 0 ? 8000 : -8000 }, sampleRate: 16000)
        let noise = (0..<16000).map { $0 % 3 == 0 ? 1.0 : -0.5 }
        let mixed = BabbleNoise.mix(speech, noise: noise, snrDecibels: 12)
        let added = zip(mixed.samples, speech.samples).map { Double($0) - Double($1) }
        let noisePower = added.reduce(0) { $0 + $1 * $1 } / Double(added.count)
        let snr = 10 * log10(64_000_000 / noisePower)
        #expect(abs(snr - 12) < 0.05)
    }
}
