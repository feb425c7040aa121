import Foundation

/// The stretch of an utterance where its loudest talker speaks. The person talking to Parley is
/// the one near the microphone; other people in the room are quieter, and where only they can be
/// heard — before the speaker starts, after they stop — a grammar decode must still explain every
/// frame, and fits their words to the question (an extra slot, “what are my options”). The start
/// and the end that stay more than `decibels` below the utterance's loud level are cut, keeping
/// `margin` of quieter audio on each side for soft onsets and endings; pauses inside the span stay.
/// Only ends that hold other talkers are cut (`isOverheard`): steady noise and silence stay, for
/// the noise suppressor and the decoder to learn the noise from, and so do a speaker's own soft
/// last words before silence.
public struct TalkerSpan: Sendable, Equatable {
    /// Samples per window whose mean power is judged (100 ms at 16 kHz): long enough to ride over
    /// the gaps between another talker's syllables, short enough for a one-word answer.
    public static let window = 1_600
    /// Windows kept on each side of the loud span.
    public static let margin = 3
    /// Of the windows' powers sorted, this fraction lies below the utterance's loud level: the
    /// talker's stressed syllables, not one click.
    static let loudQuantile = 0.95

    /// The loud level of window powers sorted in ascending order (not empty): the `loudQuantile`th.
    static func loudLevel(_ sorted: [Double]) -> Double {
        sorted[min(sorted.count - 1, Int(Double(sorted.count) * loudQuantile))]
    }

    /// How far below the loud level (dB) the ends must stay to be cut.
    public var decibels: Double

    /// A span cutting ends `decibels` below the loud level; 0 cuts nothing.
    public init(decibels: Double) { self.decibels = decibels }

    /// The range of `samples` to decode: all of them when `decibels` is 0 or the audio is shorter
    /// than a few windows.
    public func range(of samples: [Int16]) -> Range<Int> {
        let all = 0..<samples.count
        guard decibels > 0 else { return all }
        let powers = WindowPower.of(samples, size: Self.window)
        guard powers.count > 2 * Self.margin + 1 else { return all }
        let sorted = powers.sorted()
        let loud = Self.loudLevel(sorted)
        let limit = loud / pow(10, decibels / 10)
        guard loud > 0, let first = powers.firstIndex(where: { $0 >= limit }),
              let last = powers.lastIndex(where: { $0 >= limit }) else { return all }
        let cutBefore = max(0, first - Self.margin), cutAfter = min(powers.count, last + 1 + Self.margin)
        let before = powers[..<cutBefore], after = powers[cutAfter...]
        let start = Self.isOverheard(before, away: before.dropLast(Self.far), far: before.prefix(Self.far)) ? cutBefore * Self.window : 0
        let end = Self.isOverheard(after, away: after.dropFirst(Self.far), far: after.suffix(Self.far))
            ? min(samples.count, cutAfter * Self.window) : samples.count
        return start..<end
    }

    /// `samples` cut to `range(of:)`.
    public func trimmed(_ samples: [Int16]) -> [Int16] {
        let kept = range(of: samples)
        return kept.count == samples.count ? samples : Array(samples[kept])
    }

    /// Whether an end holds other talkers: its windows rise and fall as talk does, it reaches
    /// well beyond the speaker (at least 3 windows `away` from the 0.5 s next to the span), and its
    /// `far` side — the very start or end of the audio — rises and falls too. A speaker who
    /// trails off — the last words 10 to 25 dB under the loud ones, then silence or the end of
    /// the audio — keeps those words: a short end is kept whole, and so is one whose far side is
    /// steady.
    static func isOverheard(_ end: ArraySlice<Double>, away: ArraySlice<Double>, far: ArraySlice<Double>) -> Bool {
        isTalk(end) && away.count >= 3 && isTalk(far)
    }

    /// Windows (0.5 s) next to the span where a speaker's own soft words may lie, and at the far
    /// side of an end, that tell talk going on from a speaker trailing off.
    static let far = 5

    /// Whether windows rise and fall as speech does — someone talking — rather than hold steady
    /// (a fan, hiss, white noise): their loud and quiet tenths more than `unsteadiness` dB apart.
    /// Steady noise is left to the noise suppressor and the decoder's own noise removal, which
    /// learn it from the audio before the speech: cutting it to the margin cost real orders in
    /// white noise at 18 dB SNR 105 → 100 of 120 (`docs/speech.md`).
    static func isTalk(_ powers: ArraySlice<Double>) -> Bool {
        guard powers.count >= 3 else { return false }
        let sorted = powers.sorted()
        let quiet = sorted[sorted.count / 10], loud = sorted[sorted.count - 1 - sorted.count / 10]
        return loud > quiet * pow(10, unsteadiness / 10)
    }

    /// How far apart (dB) the loud and quiet tenths of the windows to cut must be.
    /// White noise's windows lie within 0.5 dB of each other, other talkers' 2 to 45 dB apart
    /// (real coffee orders with four-talker babble or white noise mixed in, 2026-11-25).
    static let unsteadiness = 1.5
}
