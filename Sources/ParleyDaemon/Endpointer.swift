import Foundation

/// How the endpointer tells speech from silence, and how long it waits.
public struct EndpointerSettings: Sendable, Equatable {
    /// Frames are judged this long at a time.
    public var frameDuration: Duration = .milliseconds(20)
    /// The quietest RMS level (16-bit units) that can count as speech (≈ −40 dBFS).
    public var minimumSpeechLevel: Double = 330
    /// A frame is speech when louder than the noise floor times this.
    public var noiseFactor: Double = 3
    /// Voiced frames in a row before speech counts as started.
    public var speechStart: Duration = .milliseconds(60)
    /// Silence after speech that ends the utterance.
    public var endSilence: Duration = .milliseconds(300)
    /// Audio before the detected start kept in the utterance (onsets are soft).
    public var preRoll: Duration = .milliseconds(200)
    /// Of the closing silence, this much stays in the utterance: enough for the recognizer's
    /// path to end in silence, without decoding the whole wait.
    public var trailingSilenceKept: Duration = .milliseconds(150)
    /// Audio without speech before giving up (`.noSpeech`).
    public var listeningWindow: Duration = .seconds(8)
    /// The longest utterance; longer ones end with `.tooLong`.
    public var maximumUtterance: Duration = .seconds(30)

    /// The defaults.
    public init() {}

    /// `minimumSpeechLevel` in dBFS (0 is full scale).
    public var minimumSpeechDecibels: Double {
        get { 20 * log10(minimumSpeechLevel / 32_768) }
        set { minimumSpeechLevel = 32_768 * pow(10, newValue / 20) }
    }
}

/// What the endpointer noticed in the audio fed so far.
public enum EndpointEvent: Sendable, Equatable {
    /// Speech began (the utterance includes the pre-roll before this point).
    case speechStarted
    /// Speech ended: the utterance, from the pre-roll to the end of the closing silence.
    case speechEnded(SpeechAudio)
    /// The listening window passed without speech.
    case noSpeech
    /// The utterance reached the maximum length: what was heard so far.
    case tooLong(SpeechAudio)
}

/// Finds where speech starts and ends in a stream of mono 16-bit audio, by energy against an
/// adaptive noise floor, timing everything by sample counts (never by peers' timestamps).
/// A pure value: feed audio, get events; the stage ends exactly once (`isFinished`).
public struct Endpointer: Sendable {
    /// The settings in use.
    public let settings: EndpointerSettings
    /// Samples per second of the audio fed.
    public let sampleRate: Int
    private let frameLength: Int
    private var partial: [Int16] = []
    private var preRoll: [[Int16]] = []
    private var utterance: [Int16] = []
    private var noiseFloor: Double
    private var voicedRun = 0
    private var silentRun = 0
    private var samplesSeen = 0
    private var speaking = false
    /// Whether the stage has ended (speech ended, no speech, too long, or `finish()`).
    public private(set) var isFinished = false

    /// An endpointer for audio at `sampleRate`.
    public init(settings: EndpointerSettings = EndpointerSettings(), sampleRate: Int) {
        self.settings = settings
        self.sampleRate = max(1, sampleRate)
        frameLength = max(1, Self.samples(settings.frameDuration, rate: max(1, sampleRate)))
        noiseFloor = settings.minimumSpeechLevel / settings.noiseFactor
    }

    /// The samples `duration` lasts at `rate`.
    public static func samples(_ duration: Duration, rate: Int) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * rate + Int(Double(attoseconds) / 1e18 * Double(rate))
    }

    private func frames(_ duration: Duration) -> Int { max(1, (Self.samples(duration, rate: sampleRate) + frameLength - 1) / frameLength) }

    /// Whether speech has started.
    public var heardSpeech: Bool { speaking }

    /// The utterance as it stands — from the pre-roll to now, less the closing silence it would
    /// drop if speech ended here — empty before speech starts. It only grows, and whatever ends
    /// the stage carries it whole at its start: recognition can be fed from it while the
    /// speaker goes on.
    public var utteranceSoFar: ArraySlice<Int16> {
        guard speaking else { return [] }
        let kept = min(frames(settings.trailingSilenceKept), frames(settings.endSilence))
        return utterance.dropLast(max(0, silentRun - kept) * frameLength)
    }

    /// Feeds audio; returns what happened in it. After the stage ends, audio is ignored.
    public mutating func feed(_ samples: some Collection<Int16>) -> [EndpointEvent] {
        guard !isFinished else { return [] }
        var events: [EndpointEvent] = []
        partial.append(contentsOf: samples)
        var offset = 0
        while partial.count - offset >= frameLength, !isFinished {
            let frame = Array(partial[offset..<(offset + frameLength)])
            offset += frameLength
            events += judge(frame)
        }
        partial.removeFirst(offset)
        return events
    }

    /// The audio stopped (`audio-stop`): ends the stage with what there is.
    public mutating func finish() -> EndpointEvent {
        isFinished = true
        guard speaking else { return .noSpeech }
        utterance += partial
        return .speechEnded(SpeechAudio(samples: utterance, sampleRate: sampleRate))
    }

    private mutating func judge(_ frame: [Int16]) -> [EndpointEvent] {
        samplesSeen += frame.count
        var sum = 0.0
        for sample in frame { sum += Double(sample) * Double(sample) }
        let level = (sum / Double(frame.count)).squareRoot()
        let voiced = level >= max(settings.minimumSpeechLevel, noiseFloor * settings.noiseFactor)
        if speaking {
            utterance += frame
            silentRun = voiced ? 0 : silentRun + 1
            let kept = min(frames(settings.trailingSilenceKept), frames(settings.endSilence))
            if silentRun >= frames(settings.endSilence) {
                isFinished = true
                let surplus = (silentRun - kept) * frameLength
                return [.speechEnded(SpeechAudio(samples: Array(utterance.dropLast(surplus)), sampleRate: sampleRate))]
            }
            if utterance.count >= Self.samples(settings.maximumUtterance, rate: sampleRate) {
                isFinished = true
                return [.tooLong(SpeechAudio(samples: utterance, sampleRate: sampleRate))]
            }
            return []
        }
        preRoll.append(frame)
        // Kept: the pre-roll before the onset, and the voiced frames that confirmed it.
        if preRoll.count > frames(settings.preRoll) + frames(settings.speechStart) { preRoll.removeFirst() }
        if voiced {
            voicedRun += 1
        } else {
            voicedRun = 0
            noiseFloor = 0.95 * noiseFloor + 0.05 * level
        }
        if voicedRun >= frames(settings.speechStart) {
            speaking = true
            utterance = preRoll.flatMap { $0 }
            preRoll = []
            return [.speechStarted]
        }
        if samplesSeen >= Self.samples(settings.listeningWindow, rate: sampleRate) {
            isFinished = true
            return [.noSpeech]
        }
        return []
    }
}
