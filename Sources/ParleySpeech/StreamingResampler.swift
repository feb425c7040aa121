import CSoxr

/// Changes the rate of mono 16-bit audio that arrives in pieces, with libsoxr's streaming
/// interface (the same high-quality filter `AudioConverter.resample` uses for whole clips):
/// the filter's state carries across pieces, so the seams leave no clicks. Not thread-safe.
public final class StreamingResampler {
    private let resampler: soxr_t
    private let ratio: Double

    /// A resampler from `inputRate` to `outputRate`.
    public init(from inputRate: Int, to outputRate: Int) throws {
        guard inputRate > 0, outputRate > 0 else { throw SpeechError.badAudio("sample rate \(inputRate) → \(outputRate)") }
        var error: soxr_error_t?
        var ioSpec = soxr_io_spec(SOXR_INT16_I, SOXR_INT16_I)
        ioSpec.flags = UInt(SOXR_NO_DITHER)  // soxr dithers 16-bit output at random by default: results would vary
        var quality = soxr_quality_spec(UInt(SOXR_HQ), 0)
        guard let resampler = soxr_create(Double(inputRate), Double(outputRate), 1, &error, &ioSpec, &quality, nil), error == nil else {
            throw SpeechError.internalError("soxr: \(error.map { String(cString: $0) } ?? "could not start")")
        }
        self.resampler = resampler
        ratio = Double(outputRate) / Double(inputRate)
    }

    deinit { soxr_delete(resampler) }

    /// The output for the next piece of input (the filter holds back a few milliseconds).
    public func process(_ samples: [Int16]) throws -> [Int16] {
        guard !samples.isEmpty else { return [] }
        return try run(samples)
    }

    /// The audio the filter still holds: call once, after the last piece.
    public func flush() throws -> [Int16] {
        try run(nil)
    }

    private func run(_ samples: [Int16]?) throws -> [Int16] {
        var output: [Int16] = []
        let capacity = Int(Double(samples?.count ?? 0) * ratio) + 1024
        var consumed = 0
        while true {
            var chunk = [Int16](repeating: 0, count: capacity)
            var used = 0, written = 0
            let error: soxr_error_t? = chunk.withUnsafeMutableBufferPointer { out in
                if let samples {
                    return samples.withUnsafeBufferPointer { input in
                        soxr_process(resampler, input.baseAddress.map { $0 + consumed }, input.count - consumed, &used,
                                     out.baseAddress, out.count, &written)
                    }
                }
                return soxr_process(resampler, nil, 0, nil, out.baseAddress, out.count, &written)
            }
            if let error { throw SpeechError.internalError("soxr: \(String(cString: error))") }
            consumed += used
            output += chunk.prefix(written)
            // More output waits when the buffer filled; more input when some was not taken.
            guard written == capacity || consumed < (samples?.count ?? 0) else { break }
        }
        return output
    }
}
