import Foundation

/// Reads and writes RIFF/WAVE containers: PCM integers of 8–32 bits, IEEE floats, and
/// WAVE_FORMAT_EXTENSIBLE wrapping either; any rate and channel count. Only the container is
/// handled here — resampling is `AudioConverter`'s job.
public enum WAVCodec {
    /// The audio in `data`. Throws `SpeechError.badAudio` for anything that is not a complete
    /// WAV file of a supported format (truncated chunks, no `fmt ` or `data`, odd sizes).
    public static func decode(_ data: Data) throws -> WAVAudio {
        let bytes = [UInt8](data)
        guard bytes.count >= 12, ascii(bytes, 0) == "RIFF", ascii(bytes, 8) == "WAVE" else {
            throw SpeechError.badAudio("not a RIFF/WAVE file")
        }
        var offset = 12
        var format: (tag: Int, channels: Int, rate: Int, bits: Int, blockAlign: Int)?
        while offset + 8 <= bytes.count {
            let id = ascii(bytes, offset)
            let size = Int(le32(bytes, offset + 4))
            let body = offset + 8
            if id == "fmt " {
                guard size >= 16, body + size <= bytes.count else { throw SpeechError.badAudio("truncated fmt chunk") }
                var tag = Int(le16(bytes, body))
                if tag == 0xFFFE, size >= 26 { tag = Int(le16(bytes, body + 24)) }  // extensible: sub-format GUID
                format = (tag, Int(le16(bytes, body + 2)), Int(le32(bytes, body + 4)),
                          Int(le16(bytes, body + 14)), Int(le16(bytes, body + 12)))
            } else if id == "data" {
                guard let format else { throw SpeechError.badAudio("data chunk before fmt chunk") }
                let end = min(bytes.count, body + size)  // tolerate a data size past the end (streamed files)
                return try samples(bytes[body..<end], format: format)
            }
            offset = body + size + (size & 1)
        }
        throw SpeechError.badAudio(format == nil ? "no fmt chunk" : "no data chunk")
    }

    /// Reads the WAV file at `path`; a `.raw` file is taken as headerless 16 kHz mono 16-bit PCM.
    public static func read(path: String) throws -> WAVAudio {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw SpeechError.file(path: path, reason: "cannot read (\(error.localizedDescription))")
        }
        if path.hasSuffix(".raw") {
            return try samples([UInt8](data)[...], format: (1, 1, 16000, 16, 2))
        }
        do {
            return try decode(data)
        } catch let error as SpeechError {
            throw SpeechError.file(path: path, reason: error.description)
        }
    }

    /// `audio` as a WAV file in its own sample format.
    public static func encode(_ audio: WAVAudio) -> Data {
        let bits = audio.format.bits
        let bytesPerSample = bits / 8
        let isFloat = if case .float = audio.format { true } else { false }
        let dataSize = audio.samples.count * bytesPerSample
        var out: [UInt8] = []
        out.reserveCapacity(44 + dataSize)
        out += Array("RIFF".utf8); put32(&out, UInt32(36 + dataSize)); out += Array("WAVE".utf8)
        out += Array("fmt ".utf8); put32(&out, 16)
        put16(&out, isFloat ? 3 : 1); put16(&out, UInt16(audio.channels)); put32(&out, UInt32(audio.sampleRate))
        put32(&out, UInt32(audio.sampleRate * audio.channels * bytesPerSample))
        put16(&out, UInt16(audio.channels * bytesPerSample)); put16(&out, UInt16(bits))
        out += Array("data".utf8); put32(&out, UInt32(dataSize))
        for sample in audio.samples {
            let clipped = max(-1, min(1, sample.isFinite ? sample : 0))
            switch (isFloat, bits) {
            case (true, 64): put64(&out, Double(clipped).bitPattern)
            case (true, _): put32(&out, clipped.bitPattern)
            case (false, 8): out.append(UInt8(clamping: Int((clipped * 128).rounded()) + 128))
            default:
                let full = Double(1 << (bits - 1))
                let value = Int64(max(-full, min(full - 1, (Double(clipped) * full).rounded())))
                for byte in 0..<bytesPerSample { out.append(UInt8(truncatingIfNeeded: value >> (8 * byte))) }
            }
        }
        return Data(out)
    }

    /// Writes `audio` to `path`.
    public static func write(_ audio: WAVAudio, to path: String) throws {
        do {
            try encode(audio).write(to: URL(fileURLWithPath: path))
        } catch {
            throw SpeechError.file(path: path, reason: "cannot write (\(error.localizedDescription))")
        }
    }

    private static func samples(_ body: ArraySlice<UInt8>, format: (tag: Int, channels: Int, rate: Int, bits: Int, blockAlign: Int)) throws -> WAVAudio {
        guard format.channels > 0, format.rate > 0 else { throw SpeechError.badAudio("no channels or no sample rate") }
        let bytesPerSample = format.bits / 8
        guard format.bits % 8 == 0, bytesPerSample > 0 else { throw SpeechError.badAudio("\(format.bits)-bit samples") }
        let sampleFormat: WAVAudio.SampleFormat
        switch (format.tag, format.bits) {
        case (1, 8), (1, 16), (1, 24), (1, 32): sampleFormat = .integer(bits: format.bits)
        case (3, 32), (3, 64): sampleFormat = .float(bits: format.bits)
        default: throw SpeechError.badAudio("unsupported format \(format.tag) with \(format.bits)-bit samples")
        }
        let count = body.count / bytesPerSample / format.channels * format.channels
        var out = [Float](repeating: 0, count: count)
        var position = body.startIndex
        for index in 0..<count {
            switch sampleFormat {
            case .integer(8):
                out[index] = (Float(body[position]) - 128) / 128
            case .integer(let bits):
                var value: Int64 = 0
                for byte in 0..<bytesPerSample { value |= Int64(body[position + byte]) << (8 * byte) }
                let shift = 64 - bits
                value = (value << shift) >> shift  // sign-extend
                out[index] = Float(Double(value) / Double(1 << (bits - 1)))
            case .float(32):
                out[index] = Float(bitPattern: UInt32(truncatingIfNeeded: le(body, position, 4)))
            case .float:
                out[index] = Float(Double(bitPattern: le(body, position, 8)))
            }
            position += bytesPerSample
        }
        return WAVAudio(samples: out, sampleRate: format.rate, channels: format.channels, format: sampleFormat)
    }

    private static func ascii(_ bytes: [UInt8], _ at: Int) -> String {
        String(decoding: bytes[at..<min(bytes.count, at + 4)], as: UTF8.self)
    }
    private static func le16(_ bytes: [UInt8], _ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
    private static func le32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }
    private static func le(_ bytes: ArraySlice<UInt8>, _ at: Int, _ count: Int) -> UInt64 {
        var value: UInt64 = 0
        for byte in 0..<count { value |= UInt64(bytes[at + byte]) << (8 * byte) }
        return value
    }
    private static func put16(_ out: inout [UInt8], _ value: UInt16) { out += [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func put32(_ out: inout [UInt8], _ value: UInt32) {
        for byte in 0..<4 { out.append(UInt8(truncatingIfNeeded: value >> (8 * byte))) }
    }
    private static func put64(_ out: inout [UInt8], _ value: UInt64) {
        for byte in 0..<8 { out.append(UInt8(truncatingIfNeeded: value >> (8 * byte))) }
    }
}
