import CSoxr

/// Brings any audio to what the recognizer decodes: 16 kHz, mono, 16-bit. Channels are
/// averaged; the rate is changed by libsoxr (the SoX resampler, high quality), never by a
/// hand-written filter.
public enum AudioConverter {
    /// The recognizer's sample rate.
    public static let recognizerRate = 16_000

    /// `audio` as 16 kHz mono 16-bit PCM.
    public static func recognizerAudio(_ audio: WAVAudio) throws -> PCMAudio {
        let mono = audio.mono()
        let resampled = try resample(mono, from: audio.sampleRate, to: recognizerRate)
        return PCMAudio(floats: resampled, sampleRate: recognizerRate)
    }

    /// 16-bit mono `audio` at 16 kHz (synthesized speech, for example).
    public static func recognizerAudio(_ audio: PCMAudio) throws -> PCMAudio {
        guard audio.sampleRate != recognizerRate else { return audio }
        return try recognizerAudio(audio.wav)
    }

    /// The WAV (or `.raw` 16 kHz) file at `path` as 16 kHz mono 16-bit PCM.
    public static func load(path: String) throws -> PCMAudio {
        try recognizerAudio(WAVCodec.read(path: path))
    }

    /// Mono float samples resampled from `inputRate` to `outputRate` with libsoxr.
    public static func resample(_ samples: [Float], from inputRate: Int, to outputRate: Int) throws -> [Float] {
        guard inputRate != outputRate, !samples.isEmpty else { return samples }
        guard inputRate > 0, outputRate > 0 else { throw SpeechError.badAudio("sample rate \(inputRate) → \(outputRate)") }
        let capacity = Int((Double(samples.count) * Double(outputRate) / Double(inputRate)).rounded(.up)) + 16
        var output = [Float](repeating: 0, count: capacity)
        var written = 0
        var ioSpec = soxr_io_spec(SOXR_FLOAT32_I, SOXR_FLOAT32_I)
        var quality = soxr_quality_spec(UInt(SOXR_HQ), 0)
        let error = samples.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                soxr_oneshot(Double(inputRate), Double(outputRate), 1,
                             input.baseAddress, input.count, nil,
                             out.baseAddress, out.count, &written,
                             &ioSpec, &quality, nil)
            }
        }
        if let error { throw SpeechError.internalError("soxr: \(String(cString: error))") }
        return Array(output.prefix(written))
    }
}
