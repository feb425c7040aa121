import Foundation

/// What the recognizer heard in one utterance.
public struct Recognition: Sendable, Equatable {
    /// The words heard, as normalized grammar tokens (`order`, `21`, `whats`); empty when
    /// nothing in the grammar fit.
    public var words: [String]
    /// 0…1: how much better the grammar explains the audio than free phones do. Empty results
    /// have 0; see `ConfidenceScale` for the mapping.
    public var confidence: Double
    /// 10 ms frames decoded, and those inside words (not silence or noise).
    public var frames: Int
    public var speechFrames: Int
    /// Acoustic log-scores (decoder units) of the grammar path and of the phone loop.
    public var grammarScore: Int
    public var phoneLoopScore: Int?
    /// Whether only the wide-beam second search found a path through the grammar.
    public var widened = false

    /// The words joined by spaces.
    public var text: String { words.joined(separator: " ") }

    /// Whether nothing was heard.
    public var isEmpty: Bool { words.isEmpty }

    /// Nothing heard in `frames` of audio.
    static func nothing(frames: Int) -> Recognition {
        Recognition(words: [], confidence: 0, frames: frames, speechFrames: 0, grammarScore: 0, phoneLoopScore: nil)
    }

    /// How far the grammar path's acoustic score falls behind the phone loop's, per speech
    /// frame (nil without a phone-loop pass): the input of `ConfidenceScale`.
    public var gapPerFrame: Double? {
        guard let phoneLoopScore, speechFrames > 0 else { return nil }
        return Double(phoneLoopScore - grammarScore) / Double(speechFrames)
    }
}

/// Turns the per-frame acoustic gap between the grammar path and a phone-loop decode of the
/// same audio into 0…1. The phone loop may say any phones, so it scores at least about as well
/// as any grammar path; speech the grammar covers stays close to it, other speech falls far
/// behind. confidence = 1 / (1 + exp((gap − midpoint) / width)), gap = (phone − grammar) / frame.
public struct ConfidenceScale: Sendable, Equatable {
    /// The gap per speech frame (decoder log units) that maps to 0.5.
    public var midpoint: Double
    /// How fast confidence falls around the midpoint.
    public var width: Double

    /// Calibrated with `parley bench-speech --gaps`: right eSpeak NG loopback results of the
    /// shipped phrases (7 voices) have gaps of 23 (median) to 46 (99th percentile); real
    /// out-of-grammar speech (the corpus's coffee orders and audiobook sentences) and unrelated
    /// eSpeak sentences have 42 and more (5th percentile 45). A gap of 45 is 0.5.
    public static let standard = ConfidenceScale(midpoint: 45, width: 4)

    /// The confidence for a gap of `gapPerFrame`.
    public func confidence(gapPerFrame: Double) -> Double {
        let exponent = (gapPerFrame - midpoint) / width
        return 1 / (1 + exp(min(50, max(-50, exponent))))
    }
}
