/// One utterance decoded while it is still being spoken: the grammar pass on one decoder and
/// the confidence's phone-loop pass on another, both fed as audio arrives, so when the speaker
/// stops only the ends of the passes remain. It adds the same padding and noise floor as
/// `Recognizer.recognize` and scores the same way; the differences — the cepstral mean the
/// passes normalize by (an estimate, where a whole utterance uses its own) and, for noisy audio,
/// the noise the suppressor learns (from the lead-in before the speech, not all of it), and the gain
/// a quiet recording is raised by (that of the source's last utterance) — are checked at the end: a
/// result below its trust level (`trustedAbove`), or none, or one whose start or end held only
/// quieter talkers (`TalkerSpan`), or whose own gain differs (`QuietGain`), is decoded again whole
/// from the audio it keeps, exactly as `Recognizer.recognize` decodes it.
///
/// Not thread-safe: feed and finish it from one thread; the two recognizers are its own until
/// `finish` returns.
public final class RecognitionStream {
    private let decoder: Recognizer
    private let loopDecoder: Recognizer?
    private let grammar: String
    private var mixer: NoiseMixer?
    /// The utterance as fed (for decoding it again whole).
    private var audio: [Int16] = []
    /// Decibels by which the fed audio is raised before decoding (`QuietGain`).
    private let gain: Double
    private var finished = false
    /// Samples at the start that come before speech: the noise is judged and learned from them.
    private let leadIn: Int
    /// Whether the lead-in was judged; until then the audio is held back (`audio` is all of it).
    private var judged: Bool
    /// Takes noise out of the rest of the utterance when its lead-in was noisy.
    private var suppressor: NoiseSuppressor?

    /// The cepstral mean after the utterance (set by `finish`): where the next stream from the
    /// same source may start (`startMean`).
    public private(set) var endMean: [Float]?

    /// The gain (dB) this utterance needed as a whole (set by `finish`): what the next stream from
    /// the same source may start with (`gain`).
    public private(set) var endGain: Double = 0

    /// Starts decoding with `grammar` (registered on `decoder`) and, for the confidence, the
    /// phone loop on `loopDecoder` (a second recognizer of the same configuration; nil when the
    /// configuration has no phone language model). Both passes normalize the audio by the same
    /// cepstral mean, `startMean` — the `endMean` of an earlier stream from the same source —
    /// or, without one, the mean of the sentence `decoder` was warmed up with.
    /// `leadIn` samples at the start come before speech (the endpointer's pre-roll): when they
    /// hold steady noise, it is learned from them and taken out of the rest (`NoiseSuppressor`);
    /// without a lead-in the stream decodes the audio as it comes.
    /// `trust`: the confidence at or above which the streamed result stands (`trustedAbove`
    /// for grammars, `dictationTrustedAbove` for dictation). `gain`: decibels by which the audio is
    /// raised as it comes — the `endGain` of an earlier stream from the same source (a microphone
    /// set low stays low).
    public init(grammar: String, on decoder: Recognizer, loop loopDecoder: Recognizer?, startMean: [Float]? = nil,
                leadIn: Int = 0, trust: Double = RecognitionStream.trustedAbove, gain: Double = 0) throws {
        guard decoder.grammarNames.contains(grammar) else { throw SpeechError.grammar("no grammar ‘\(grammar)’ is registered") }
        self.decoder = decoder
        self.grammar = grammar
        self.leadIn = leadIn
        self.trust = trust
        self.gain = max(0, gain)
        judged = leadIn <= 0 || decoder.configuration.noiseSuppression == 0
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
        try process(Recognizer.pad(decoder.paddingSamples))
    }

    /// Decodes the next 16 kHz mono samples.
    public func feed(_ audio: [Int16]) throws {
        guard !finished else { throw SpeechError.internalError("audio fed to a finished stream") }
        self.audio += audio
        guard judged else {
            if self.audio.count >= leadIn { try judgeLeadIn() }
            return
        }
        let raised = QuietGain.scaled(audio, by: gain)
        try process(suppressor?.process(raised) ?? raised)
    }

    /// Samples the suppressor is primed with at least: 1.5 s.
    static let primingSamples = 24_000

    /// Judges the lead-in and decodes what was held back (everything fed so far). (A whole
    /// utterance is judged and learned from all of it, so a noisy stream's words can differ from
    /// `recognize`'s; an unsure result is decoded again whole.)
    private func judgeLeadIn() throws {
        judged = true
        let held = QuietGain.scaled(audio, by: gain)
        let lead = held.prefix(leadIn)
        if NoiseSuppressor.isNoisy(lead) {
            let suppressor = NoiseSuppressor(decibels: decoder.configuration.noiseSuppression)
            // Speex's noise estimate needs more than a pre-roll's worth of frames to settle;
            // the noise is steady, so the lead-in heard again serves as more of it.
            let times = max(1, (Self.primingSamples + lead.count - 1) / lead.count)  // isNoisy: not empty
            suppressor.prime(with: Array(repeating: lead, count: times).joined())
            self.suppressor = suppressor
        }
        try process(suppressor?.process(held) ?? held)
    }

    /// Ends the utterance: what was heard, scored as `Recognizer.recognize` scores it.
    public func finish() throws -> Recognition {
        guard !finished else { throw SpeechError.internalError("a stream finished twice") }
        if !judged { try judgeLeadIn() }
        try process(suppressor?.flush() ?? [])
        try process(Recognizer.pad(decoder.paddingSamples))
        finished = true
        let path: Recognizer.Pass, loop: Recognizer.Pass?
        do {
            path = try decoder.endPass()
            loop = try loopDecoder?.endPass()
        } catch {
            loopDecoder?.abandonPass()
            throw error
        }
        // The estimate blended with this utterance (weighted as 500 frames against its own), read
        // before any whole decoding replaces it: one odd utterance moves it only so far.
        endMean = decoder.cepstralMean
        guard !audio.isEmpty else { return .nothing(frames: 0) }
        // Other talkers before or after the speaker were decoded as they came; the span that
        // leaves them out is known only now (`TalkerSpan`).
        endGain = QuietGain(target: decoder.configuration.quietSpeechLevel).decibels(for: audio)
        let raised = QuietGain.scaled(audio, by: endGain)
        let overheard = TalkerSpan(decibels: decoder.configuration.talkerSpan).range(of: raised).count < raised.count
        let regained = abs(endGain - gain) > Self.gainTolerance
        if !overheard, !regained {
            if let heard = decoder.interpreted(path, audio: decoder.audioFrames(samples: audio.count)) {
                guard let loop else { return heard }
                let scored = decoder.scored(heard, loop: loop)
                if scored.confidence >= trust { return scored }
            } else if loopDecoder == nil {
                return .nothing(frames: path.frames)
            }
        }
        // Nothing heard, or not surely, or other talkers heard too, or raised by another gain than
        // it needed: perhaps the estimated mean was off for this utterance. Its own mean is known
        // now — decode it whole, as `Recognizer.recognize` does.
        decodedWhole = true
        return try decoder.recognizeWhole(audio, grammar: grammar, loopOn: loopDecoder)
    }

    /// Ends both passes of a stream given up before its end — the peer left, its audio stopped
    /// arriving, a piece failed to decode — so its recognizers go back ready for the next
    /// utterance: a decoder left inside an utterance refuses to start another (and to switch
    /// grammars). Does nothing once the stream finished; a stream dropped unfinished is cancelled.
    public func cancel() {
        guard !finished else { return }
        finished = true
        decoder.abandonPass()
        loopDecoder?.abandonPass()
    }

    deinit { cancel() }

    /// A streamed result at or above this confidence stands; below it (or nothing heard) the
    /// utterance is decoded again whole, normalized by its own cepstral mean. Streamed passes
    /// start from an estimate of it, and on short answers a poor estimate cost words (“chowder”
    /// at 0.40, “the second one” unheard) that the whole utterance gave right. Right results
    /// mostly score 1.00 (5th percentile 0.77, `docs/speech.md`), so few are decoded twice.
    public static let trustedAbove = 0.9

    /// The trust level of a dictation stream: only a result under the dialogue's not-understood
    /// level is decoded again. Dictation confidences run lower than a grammar's (the language
    /// model's path against the phone loop: 0.44–0.99 for eSpeak NG addresses heard right), and
    /// decoding whole again costs a second decode at a real-time factor of ~0.3. Measured, the
    /// stream and the whole decode heard the same words in 7 of 9 eSpeak NG answers (of the other
    /// two, one each way better), and the audiobook sentences streamed had fewer word errors than
    /// whole (23 against 25 of 71; `docs/speech.md`).
    public static let dictationTrustedAbove = 0.3

    /// The confidence at or above which the streamed result stands.
    private let trust: Double

    /// How far (dB) the gain a stream was raised by may differ from the one its whole audio needs
    /// before it is decoded again whole: the decoder's cepstra are normalized by their mean, so a
    /// few decibels change nothing but the distance to the noise floor.
    public static let gainTolerance = 3.0

    /// Whether `finish` decoded the utterance again whole.
    public private(set) var decodedWhole = false

    private func process(_ audio: [Int16]) throws {
        guard !audio.isEmpty else { return }
        var noisy = audio
        if var mixer {
            noisy = mixer.addNoise(audio, deviation: decoder.configuration.noiseFloor)
            self.mixer = mixer
        }
        try decoder.continuePass(noisy)
        try loopDecoder?.continuePass(noisy)
    }
}
