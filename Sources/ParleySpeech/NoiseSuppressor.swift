import CSpeexDSP

/// Steady background noise (fans, hum, hiss) taken out of 16 kHz mono audio before it is
/// decoded: libspeexdsp's preprocessor, denoising only (no gain control, no voice detection),
/// in 20 ms frames.
///
/// Speex learns the noise from the audio it is given, so a suppressor is *primed* with audio of
/// the same room before its output is used: a whole utterance with itself, a stream with the
/// audio before its speech (the endpointer's pre-roll). Audio with quiet moments (a near-silent
/// room between words, the closure of a “t”, synthesized speech) is left untouched: the gate
/// below keeps clean results exactly as they were.
///
/// Not thread-safe: one per utterance or stream.
final class NoiseSuppressor {
    /// Samples per frame: 20 ms at 16 kHz.
    static let frameSize = 320

    private let state: OpaquePointer
    /// Samples given but not yet a whole frame.
    private var pending: [Int16] = []

    /// A suppressor taking noise down by as much as `decibels` (a positive number).
    init(decibels: Int) {
        state = speex_preprocess_state_init(Int32(Self.frameSize), Int32(AudioConverter.recognizerRate))
        var on: Int32 = 1
        speex_preprocess_ctl(state, SPEEX_PREPROCESS_SET_DENOISE, &on)
        var level = Int32(-abs(decibels))
        speex_preprocess_ctl(state, SPEEX_PREPROCESS_SET_NOISE_SUPPRESS, &level)
    }

    deinit { speex_preprocess_state_destroy(state) }

    /// Runs `samples` through, keeping a last partial frame for the next call or `flush`.
    func process<Samples: Collection<Int16>>(_ samples: Samples) -> [Int16] {
        pending += samples
        let whole = pending.count / Self.frameSize * Self.frameSize
        guard whole > 0 else { return [] }
        var out = Array(pending[..<whole])
        pending.removeFirst(whole)
        out.withUnsafeMutableBufferPointer { buffer in
            for start in stride(from: 0, to: whole, by: Self.frameSize) {
                _ = speex_preprocess_run(state, buffer.baseAddress! + start)
            }
        }
        return out
    }

    /// The partial frame left, run through as a frame ending in silence and cut to its length.
    func flush() -> [Int16] {
        let count = pending.count
        guard count > 0 else { return [] }
        let out = process(repeatElement(Int16(0), count: Self.frameSize - count))
        return Array(out.prefix(count))
    }

    /// Learns the noise of `samples` without keeping the output.
    func prime<Samples: Collection<Int16>>(with samples: Samples) {
        _ = process(samples)
        _ = flush()
    }

    /// `samples` with their steady noise taken down by up to `decibels`, the suppressor primed
    /// with the same samples; unchanged when they are quiet between words (`isNoisy`) or
    /// `decibels` is 0.
    static func suppressed(_ samples: [Int16], decibels: Int) -> [Int16] {
        guard decibels != 0, isNoisy(samples) else { return samples }
        let suppressor = NoiseSuppressor(decibels: decibels)
        suppressor.prime(with: samples)
        return suppressor.process(samples) + suppressor.flush()
    }

    /// RMS (16-bit units) of the quiet frames above which audio is denoised: about −46 dBFS,
    /// above the recognizer's own noise floor (100) and a quiet room's microphone.
    static let gate = 160.0

    /// Whether even the quietest 20 ms frames of `samples` (the first percentile; the quietest
    /// frame of a short utterance) are above `gate`: steady noise sets every frame's floor, where
    /// clean speech always has quiet moments — pauses, stop closures — even when read without
    /// pauses (the corpus's audiobook sentences have their quietest tenth in soft speech, above
    /// the gate, and their quietest frames below).
    static func isNoisy<Samples: Collection<Int16>>(_ samples: Samples) -> Bool where Samples.Index == Int {
        let levels = WindowPower.of(samples, size: frameSize).prefix(samples.count / frameSize).map { $0.squareRoot() }.sorted()
        guard !levels.isEmpty else { return false }
        return levels[levels.count / 100] > gate
    }
}
