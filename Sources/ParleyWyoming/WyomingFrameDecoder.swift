import NIOCore
import ParleyJSON

/// Splits a byte stream into `WyomingFrame`s: a JSON header line, then `data_length` bytes of
/// JSON merged over the header's `data`, then `payload_length` bytes of payload. Data is
/// accepted in the header, in the extra section, or both (the section wins).
///
/// Limits are checked as soon as a length is known, before anything large is buffered.
/// Garbage, an oversized part, or bytes left over at the end of the stream are errors
/// (`WyomingDecodingError`), never end-of-stream.
public struct WyomingFrameDecoder: NIOSingleStepByteToMessageDecoder {
    public typealias InboundOut = WyomingFrame

    /// A parsed header waiting for its data section and payload.
    private struct Header {
        var type: String
        var data: [String: JSONValue]
        var dataLength: Int
        var payloadLength: Int
    }

    /// The limits this decoder enforces.
    public let limits: WyomingLimits
    private var header: Header?
    /// Bytes of the current header line already searched for a newline.
    private var scanned = 0

    /// A decoder enforcing `limits`.
    public init(limits: WyomingLimits = WyomingLimits()) {
        self.limits = limits
    }

    /// The next complete frame, or nil when more bytes are needed.
    public mutating func decode(buffer: inout ByteBuffer) throws(WyomingDecodingError) -> WyomingFrame? {
        if header == nil {
            guard let parsed = try readHeader(&buffer) else { return nil }
            header = parsed
        }
        guard let pending = header, buffer.readableBytes >= pending.dataLength + pending.payloadLength else { return nil }
        header = nil
        var data = pending.data
        if pending.dataLength > 0, let section = buffer.readSlice(length: pending.dataLength) {
            let parsed: JSONValue
            do {
                parsed = try JSONValue.parse(section.readableBytesView)
            } catch {
                throw .dataNotJSON(error)
            }
            guard let members = parsed.objectValue else { throw .notAnObject(section: "data section") }
            data.merge(members) { _, section in section }
        }
        let payload = buffer.readBytes(length: pending.payloadLength) ?? []
        return WyomingFrame(type: pending.type, data: data, payload: payload)
    }

    /// At the end of the stream: the last frame, nil when the stream ended between frames, or
    /// `truncatedFrame` when it ended inside one.
    public mutating func decodeLast(buffer: inout ByteBuffer, seenEOF: Bool) throws(WyomingDecodingError) -> WyomingFrame? {
        if let frame = try decode(buffer: &buffer) { return frame }
        let leftover = buffer.readableBytes
        if leftover > 0 || header != nil {
            header = nil
            buffer.moveReaderIndex(forwardBy: leftover)
            throw .truncatedFrame(leftoverBytes: leftover)
        }
        return nil
    }

    private mutating func readHeader(_ buffer: inout ByteBuffer) throws(WyomingDecodingError) -> Header? {
        let view = buffer.readableBytesView
        let searchEnd = min(view.count, limits.maximumHeaderBytes + 1)
        let searchStart = view.startIndex + min(scanned, searchEnd)
        guard let newline = view[searchStart..<(view.startIndex + searchEnd)].firstIndex(of: 0x0A) else {
            scanned = searchEnd
            if view.count > limits.maximumHeaderBytes { throw .headerTooLong(limit: limits.maximumHeaderBytes) }
            return nil
        }
        scanned = 0
        let lineLength = newline - view.startIndex
        guard let line = buffer.readSlice(length: lineLength + 1) else { return nil }
        let parsed: JSONValue
        do {
            parsed = try JSONValue.parse(line.readableBytesView.prefix(lineLength))
        } catch {
            throw .headerNotJSON(error)
        }
        guard let members = parsed.objectValue else { throw .notAnObject(section: "header") }
        guard let type = members["type"]?.stringValue else { throw .missingType }
        var data: [String: JSONValue] = [:]
        switch members["data"] {
        case nil, .null?: break
        case .object(let object)?: data = object
        default: throw .notAnObject(section: "header's data")
        }
        let dataLength = try length(members["data_length"], field: "data_length")
        let payloadLength = try length(members["payload_length"], field: "payload_length")
        if dataLength > limits.maximumDataBytes { throw .dataTooLarge(length: dataLength, limit: limits.maximumDataBytes) }
        if payloadLength > limits.maximumPayloadBytes {
            throw .payloadTooLarge(length: payloadLength, limit: limits.maximumPayloadBytes)
        }
        return Header(type: type, data: data, dataLength: dataLength, payloadLength: payloadLength)
    }

    private func length(_ value: JSONValue?, field: String) throws(WyomingDecodingError) -> Int {
        switch value {
        case nil, .null?: return 0
        case .integer(let count)? where count >= 0: return count
        default: throw .invalidLength(field: field)
        }
    }
}
