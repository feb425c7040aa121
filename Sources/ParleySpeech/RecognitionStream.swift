/// One utterance decoded while it is still being spoken: the grammar pass on one decoder and
/// the confidence's phone-loop pass on another, both fed as audio arrives, so when the speaker
/// stops only the ends of the passes remain. Fed the same audio, it hears what
/// `Recognizer.recognize` hears in the whole utterance: the same padding and noise floor, the
/// same wide-beam retry (over the audio it keeps) and the same confidence.
///
/// Not thread-safe: feed and finish it from one thread; the two recognizers are its own until
/// `finish` returns.
public final class RecognitionStream {
    private let decoder: Recognizer
    private let loopDecoder: Recognizer?
    private let grammar: String
    private var mixer: NoiseMixer?
    /// Everything fed so far, padding and noise included (for the wide-beam retry).
    private var samples: [Int16] = []
    private var finished = false

    /// The cepstral mean after the utterance (set by `finish`): where the next stream from the
    /// same source may start (`startMean`).
    public private(set) var endMean: [Float]?

    /// Starts decoding with `grammar` (registered on `decoder`) and, for the confidence, the
    /// phone loop on `loopDecoder` (a second recognizer of the same configuration; nil when the
    /// configuration has no phone language model). Both passes normalize the audio by the same
    /// cepstral mean, `startMean` — the `endMean` of an earlier stream from the same source —
    /// or, without one, the mean of the sentence `decoder` was warmed up with.
    public init(grammar: String, on decoder: Recognizer, loop loopDecoder: Recognizer?, startMean: [Float]? = nil) throws {
        guard decoder.grammarNames.contains(grammar) else { throw SpeechError.grammar("no grammar ‘\(grammar)’ is registered") }
        self.decoder = decoder
        self.grammar = grammar
        self.loopDecoder = decoder.configuration.phoneLanguageModelPath == nil ? nil : loopDecoder
        if decoder.configuration.phoneLanguageModelPath != nil, loopDecoder == nil {
            throw SpeechError.internalError("a stream with confidence needs a second recognizer for the phone loop")
        }
        if decoder.configuration.noiseFloor > 0 { mixer = NoiseMixer(seed: Recognizer.noiseSeed) }
        try decoder.beginPass(grammar)
        try self.loopDecoder?.beginPass(Recognizer.phoneLoop)
        let mean = startMean ?? Recognizer.warmUpMean
        decoder.cepstralMean = mean
        self.loopDecoder?.cepstralMean = mean
        try process(Recognizer.pad(decoder.paddingFrames))
    }

    /// Decodes the next 16 kHz mono samples.
    public func feed(_ audio: [Int16]) throws {
        guard !finished else { throw SpeechError.internalError("audio fed to a finished stream") }
        try process(audio)
    }

    /// Ends the utterance: what was heard, scored as `Recognizer.recognize` scores it.
    public func finish() throws -> Recognition {
        guard !finished else { throw SpeechError.internalError("a stream finished twice") }
        try process(Recognizer.pad(decoder.paddingFrames))
        finished = true
        let path = try decoder.endPass()
        let loop = try loopDecoder?.endPass()
        endMean = decoder.cepstralMean
        guard samples.count > 2 * decoder.paddingFrames else { return .nothing(frames: 0) }  // no audio between the pads
        let (heard, widened) = try decoder.widenedIfEmpty(path, samples: samples, grammar: grammar)
        guard var recognition = heard, let loop else { return heard ?? .nothing(frames: path.frames) }
        recognition.widened = widened
        return decoder.scored(recognition, loop: loop)
    }

    private func process(_ audio: [Int16]) throws {
        guard !audio.isEmpty else { return }
        let noisy = mixer.map { mixer -> [Int16] in
            var mixer = mixer
            let noisy = mixer.addNoise(audio, deviation: decoder.configuration.noiseFloor)
            self.mixer = mixer
            return noisy
        } ?? audio
        samples += noisy
        try decoder.continuePass(noisy)
        try loopDecoder?.continuePass(noisy)
    }
}
