/// Speaks text with eSpeak NG: every reply Parley says goes through here.
///
/// Synthesizers share the process's one eSpeak NG instance, which runs on a dedicated thread;
/// calls from several threads are served one after the other.
public struct SpeechSynthesizer: Sendable {
    /// The eSpeak NG voice, with an optional variant: `en-us`, `en-us+f3`, `en` (British).
    public var voice: String
    /// Speaking rate in words per minute (eSpeak NG accepts 80…450).
    public var wordsPerMinute: Int

    /// The default voice, `en-us`.
    public static let defaultVoice = "en-us"
    /// The default rate, 175 words per minute.
    public static let defaultWordsPerMinute = 175
    /// The rates eSpeak NG accepts, in words per minute.
    public static let wordsPerMinuteRange = 80...450

    /// A synthesizer for `voice` at `wordsPerMinute`; the rate is clamped to 80…450.
    public init(voice: String = defaultVoice, wordsPerMinute: Int = defaultWordsPerMinute) {
        self.voice = voice
        self.wordsPerMinute = min(Self.wordsPerMinuteRange.upperBound, max(Self.wordsPerMinuteRange.lowerBound, wordsPerMinute))
    }

    /// `text` as 16-bit mono PCM at eSpeak NG's own rate (22050 Hz). Throws
    /// `SpeechError.engineUnavailable` when eSpeak NG or the voice is missing.
    public func synthesize(_ text: String) throws -> PCMAudio {
        try ESpeakEngine.shared.get().synthesize(text, voice: voice, wordsPerMinute: wordsPerMinute)
    }
}
