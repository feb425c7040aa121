import ParleyDialogue
import ParleySpeech

/// Noise mixed into a benchmark pass.
public enum NoiseKind: String, Sendable, CaseIterable {
    /// Gaussian white noise (`NoiseMixer`).
    case white
    /// Other recordings of the corpus summed (`BabbleNoise`).
    case babble
}

/// One pass of the benchmark: clean audio, or one kind of noise at one SNR.
public struct NoiseCondition: Sendable, Hashable, CustomStringConvertible {
    public var noise: NoiseKind?
    public var snrDecibels: Double

    public static let clean = NoiseCondition(noise: nil, snrDecibels: .infinity)

    public init(noise: NoiseKind?, snrDecibels: Double) {
        self.noise = noise
        self.snrDecibels = snrDecibels
    }

    public var description: String {
        guard let noise else { return "clean" }
        return "\(noise.rawValue) \(String(format: "%g", snrDecibels)) dB"
    }
}

/// One command run through the dialogue: what was heard, how it came out, and what it cost.
public struct CommandTrial: Sendable {
    public var command: LabelledCommand
    public var recognition: Recognition
    public var events: [ConversationEvent]
    public var outcome: CommandOutcome
    /// Seconds of audio, and seconds spent on the grammar pass, the phone-loop pass, and the
    /// whole spoken turn (grammar selection, both passes, the dialogue).
    public var audioSeconds: Double
    public var grammarSeconds: Double
    public var phoneLoopSeconds: Double
    public var turnSeconds: Double
}

/// Counts of one pass.
public struct CommandTally: Sendable {
    public var right = 0, total = 0
    public var audioSeconds = 0.0, grammarSeconds = 0.0, phoneLoopSeconds = 0.0, turnSeconds = 0.0
    /// Failure cause → count.
    public var causes: [String: Int] = [:]

    public init() {}

    public mutating func add(_ trial: CommandTrial) {
        total += 1
        if trial.outcome == .right { right += 1 } else { causes[trial.outcome.cause, default: 0] += 1 }
        audioSeconds += trial.audioSeconds
        grammarSeconds += trial.grammarSeconds
        phoneLoopSeconds += trial.phoneLoopSeconds
        turnSeconds += trial.turnSeconds
    }

    public var percent: Double { total > 0 ? 100 * Double(right) / Double(total) : 0 }

    /// Real-time factor of the whole spoken turn.
    public var realTimeFactor: Double { audioSeconds > 0 ? turnSeconds / audioSeconds : 0 }
}
