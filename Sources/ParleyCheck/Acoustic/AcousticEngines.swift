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
