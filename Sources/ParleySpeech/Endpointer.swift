import Foundation

/// Finds utterances in a stream of 16 kHz mono audio: voice-activity detection on frame energy
/// against a tracked noise floor, with a pre-roll and an end-of-speech silence.
///
/// Why energy and not PocketSphinx's `ps_get_in_speech`: the decoder's flag false-triggers in
/// the first second after start-up, arrives ~0.14 s late, and ties endpointing to a decoder
/// instance; this detector is a pure value type — deterministic, testable without a model, and
/// fed before any decoding starts. The decoder still trims silence inside each utterance.
/// Its limit: steady loud noise raises the floor with it, but bursts of non-speech sound
/// (a door, music) count as speech; the grammar and the confidence reject those.
public struct Endpointer: Sendable {
    /// What a chunk of audio brought.
    public enum Event: Sendable, Equatable {
        /// Speech began (`sample`: index in the stream, pre-roll not counted).
        case speechStarted(sample: Int)
        /// An utterance ended: its audio, pre-roll and the trailing silence included.
        case utterance(PCMAudio)
    }

    /// Tuning, with defaults measured on synthesized and recorded commands.
    public struct Configuration: Sendable, Equatable {
        /// How far above the noise floor a frame must be to count as voiced (dB).
        public var onsetDecibels = 9.0
        /// Voiced frames in a row that start speech.
        public var onsetFrames = 5
        /// Silence that ends an utterance.
        public var endpointSilence: Duration = .milliseconds(500)
        /// Audio kept from before the onset.
        public var preRoll: Duration = .milliseconds(300)
        /// An utterance is cut here even without silence.
        public var maximumUtterance: Duration = .seconds(10)
        /// The quietest floor assumed (dB of mean square, full scale = 90.3 dB).
        public var minimumFloorDecibels = 20.0

        public init() {}
    }

    /// The tuning in use.
    public let configuration: Configuration
    private let frameLength = 160  // 10 ms at 16 kHz
    private var pending: [Int16] = []
    private var history: [Int16] = []  // pre-roll, while not in speech
    private var utterance: [Int16] = []
    private var floor: Double?
    private var voicedRun = 0
    private var silentRun = 0
    private var inSpeech = false
    private var position = 0

    /// A detector with `configuration`.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Whether an utterance is under way.
    public var isInSpeech: Bool { inSpeech }

    /// Feeds 16 kHz mono samples; returns what they completed, in order.
    public mutating func feed(_ samples: [Int16]) -> [Event] {
        pending += samples
        var events: [Event] = []
        var start = 0
        while pending.count - start >= frameLength {
            let frame = Array(pending[start..<(start + frameLength)])
            start += frameLength
            if let event = process(frame) { events.append(event) }
        }
        pending.removeFirst(start)
        return events
    }

    /// Ends the stream: an utterance under way is returned as it is.
    public mutating func finish() -> [Event] {
        guard inSpeech else { return [] }
        utterance += pending
        pending = []
        return [closeUtterance()]
    }

    private mutating func process(_ frame: [Int16]) -> Event? {
        let level = Self.decibels(frame)
        position += frame.count
        let currentFloor = floor ?? level
        let voiced = level > max(currentFloor, configuration.minimumFloorDecibels) + configuration.onsetDecibels
        if !inSpeech {
            // Track the floor while quiet: fall fast, rise slowly.
            floor = level < currentFloor ? currentFloor * 0.7 + level * 0.3 : currentFloor * 0.98 + level * 0.02
            history += frame
            let keep = frames(configuration.preRoll) * frameLength + configuration.onsetFrames * frameLength
            if history.count > keep { history.removeFirst(history.count - keep) }
            voicedRun = voiced ? voicedRun + 1 : 0
            guard voicedRun >= configuration.onsetFrames else { return nil }
            inSpeech = true
            silentRun = 0
            utterance = history
            history = []
            return .speechStarted(sample: position - configuration.onsetFrames * frameLength)
        }
        utterance += frame
        silentRun = voiced ? 0 : silentRun + 1
        if silentRun >= frames(configuration.endpointSilence)
            || utterance.count >= frames(configuration.maximumUtterance) * frameLength {
            return closeUtterance()
        }
        return nil
    }

    private mutating func closeUtterance() -> Event {
        let audio = PCMAudio(samples: utterance, sampleRate: AudioConverter.recognizerRate)
        utterance = []
        inSpeech = false
        voicedRun = 0
        return .utterance(audio)
    }

    private func frames(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int((Double(seconds) + Double(attoseconds) / 1e18) * 100)
    }

    /// Mean-square level in dB (full-scale sine ≈ 87 dB, silence → 0).
    static func decibels(_ frame: [Int16]) -> Double {
        var sum = 0.0
        for sample in frame { sum += Double(sample) * Double(sample) }
        return 10 * log10(max(1, sum / Double(max(1, frame.count))))
    }
}
