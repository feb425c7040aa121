import CPocketSphinx

/// One decoding pass of a `Recognizer` — a grammar, the phone loop, or dictation — from its
/// start to its best path.
extension Recognizer {
    /// One segment of a decoding pass: a word (or phone, or filler), its frames and acoustic score.
    struct Segment {
        var word: String
        var frames: ClosedRange<Int>
        var score: Int
    }

    /// What one decoding pass found: its segments in time order and the frames decoded.
    struct Pass {
        var segments: [Segment]
        var frames: Int
    }

    /// One decoding pass over a whole utterance, normalized by the utterance's own cepstral
    /// mean (the model's batch CMN), so the result depends on the audio alone.
    func decode(_ samples: [Int16], search: String) throws -> Pass {
        try beginPass(search)
        // A streamed pass switches the front end to live CMN for good; a whole utterance goes back to batch.
        ps_get_feat(decoder)?.pointee.cmn = CMN_BATCH
        do {
            try continuePass(samples, whole: true)
        } catch {
            abandonPass()
            throw error
        }
        return try endPass()
    }

    /// The cepstral mean a streamed pass normalizes by (live CMN): the audio's mean is known only
    /// at its end, so a stream starts from an estimate — the mean of recent utterances — which
    /// PocketSphinx blends with each utterance's own at its end (weighting the estimate as 500
    /// frames). Nil when the model has no CMN.
    var cepstralMean: [Float]? {
        get {
            guard let feat = ps_get_feat(decoder), let cmn = feat.pointee.cmn_struct else { return nil }
            var mean = [Float](repeating: 0, count: Int(cmn.pointee.veclen))
            cmn_live_get(cmn, &mean)
            return mean
        }
        set {
            guard let newValue, let feat = ps_get_feat(decoder), let cmn = feat.pointee.cmn_struct,
                  newValue.count == Int(cmn.pointee.veclen) else { return }
            cmn_live_set(cmn, newValue)
        }
    }

    /// Starts a pass with `search`. Every pass starts a new stream: the front end's noise
    /// estimate otherwise carries over from whatever was decoded before, and a result would
    /// depend on the utterances before it.
    func beginPass(_ search: String) throws {
        guard ps_set_search(decoder, search) == 0, ps_start_stream(decoder) == 0, ps_start_utt(decoder) == 0 else {
            throw SpeechError.internalError("could not start an utterance with ‘\(search)’")
        }
    }

    /// Decodes `samples` in the pass begun; `whole` when they are the whole utterance.
    func continuePass(_ samples: [Int16], whole: Bool = false) throws {
        guard !samples.isEmpty else { return }
        let processed = samples.withUnsafeBufferPointer { ps_process_raw(decoder, $0.baseAddress, $0.count, 0, whole ? 1 : 0) }
        guard processed >= 0 else { throw SpeechError.internalError("decoding failed") }
    }

    /// Ends the pass begun without reading it (a pass given up); does nothing when none is begun.
    func abandonPass() {
        _ = ps_end_utt(decoder)
    }

    /// Ends the pass begun and reads its best path.
    func endPass() throws -> Pass {
        guard ps_end_utt(decoder) == 0 else { throw SpeechError.internalError("decoding failed") }
        var segments: [Segment] = []
        var segment = ps_seg_iter(decoder)
        while let current = segment {
            let word = ps_seg_word(current).map { String(cString: $0) } ?? ""
            var start: Int32 = 0, end: Int32 = 0
            ps_seg_frames(current, &start, &end)
            var acoustic: Int32 = 0, language: Int32 = 0, backoff: Int32 = 0
            _ = ps_seg_prob(current, &acoustic, &language, &backoff)
            segments.append(Segment(word: word, frames: Int(start)...Int(max(start, end)), score: Int(acoustic)))
            segment = ps_seg_next(current)
        }
        return Pass(segments: segments, frames: Int(ps_get_n_frames(decoder)))
    }

    /// The words of a grammar pass and the frames from the first word's start to the last
    /// word's end (nil without words).
    static func speech(_ segments: [Segment]) -> (words: [String], span: ClosedRange<Int>?) {
        let words = segments.filter { !isFiller($0.word) }
        guard let first = words.first, let last = words.last else { return ([], nil) }
        return (words.map { baseWord($0.word) }, first.frames.lowerBound...last.frames.upperBound)
    }

    /// Silence, noise and sentence marks: `<sil>`, `[NOISE]`, `<s>`, `SIL`, `(NULL)`.
    static func isFiller(_ word: String) -> Bool {
        word.isEmpty || word.hasPrefix("<") || word.hasPrefix("[") || word.hasPrefix("+") || word == "SIL" || word == "(NULL)"
    }

    /// `word(2)` → `word`.
    static func baseWord(_ word: String) -> String {
        guard word.hasSuffix(")"), let open = word.lastIndex(of: "("), open > word.startIndex else { return word }
        return String(word[..<open])
    }
}
