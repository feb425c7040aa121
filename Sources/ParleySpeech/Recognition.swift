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

    /// How far the grammar path's acoustic score falls behind the phone loop's over the whole
    /// utterance (nil without a phone-loop pass): the input of `ConfidenceScale`.
    public var gap: Int? { phoneLoopScore.map { $0 - grammarScore } }

    /// `gap` per speech frame (nil without a phone-loop pass or words).
    public var gapPerFrame: Double? {
        guard let gap, speechFrames > 0 else { return nil }
        return Double(gap) / Double(speechFrames)
    }
}

/// Turns the acoustic gap between the grammar path and a phone-loop decode of the same audio
/// into 0…1. The phone loop may say any phones, so it scores at least about as well as any
/// grammar path; speech the grammar covers stays close to it, other speech falls far behind.
/// The gap less a fixed allowance is spread over the frames the grammar calls words:
/// confidence = 1 / (1 + exp((per-frame gap − midpoint) / width)),
/// per-frame gap = (phone − grammar − allowance) / word frames.
public struct ConfidenceScale: Sendable, Equatable {
    /// The per-frame gap (decoder log units) that maps to 0.5.
    public var midpoint: Double
    /// How fast confidence falls around the midpoint.
    public var width: Double
    /// How far (decoder log units) the grammar path may trail the phone loop in any utterance
    /// before the comparison per frame begins. Free phones always win something a grammar
    /// cannot — the edges of the utterance, the way in and out of silence — and spread over the
    /// few frames of a short answer that fixed loss read as doubt: eSpeak NG's “apple”, heard
    /// right, scored 0.16.
    public var allowance: Double

    public init(midpoint: Double, width: Double, allowance: Double = 0) {
        self.midpoint = midpoint
        self.width = width
        self.allowance = allowance
    }

    /// Calibrated with `parley bench-speech --gaps` and `parley bench-coffee --gaps`
    /// (`docs/speech.md`): against the allowance-free scale (midpoint 45) it rejects as much
    /// out-of-grammar speech and accepts more than half of the right answers that scale
    /// doubted. The midpoint was 42 while the phone loop decoded with trigrams; the bigram loop
    /// (`PhoneBigram`) fits the audio less closely, and 35 rejects as much with it.
    public static let standard = ConfidenceScale(midpoint: 35, width: 4, allowance: 500)

    /// The confidence for `gap` over `speechFrames` word frames.
    public func confidence(gap: Int, speechFrames: Int) -> Double {
        guard speechFrames > 0 else { return 0 }
        let exponent = ((Double(gap) - allowance) / Double(speechFrames) - midpoint) / width
        return 1 / (1 + exp(min(50, max(-50, exponent))))
    }

    /// What the confidence of `recognition` is made of, before it is squashed into 0…1: the gap
    /// less the allowance per word frame (infinite without words or a phone-loop pass). Lower is
    /// more confident, in the same order as `confidence`, but without its ceiling: near 1 two
    /// results of one utterance both come out as 1.000.
    public func excess(of recognition: Recognition) -> Double {
        guard let gap = recognition.gap, recognition.speechFrames > 0 else { return .infinity }
        return (Double(gap) - allowance) / Double(recognition.speechFrames)
    }
}
