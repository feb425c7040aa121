import ParleyJSON

/// One Wyoming message as it travels: a type, a JSON object of data, and an optional binary
/// payload (PCM audio). Framing is in `WyomingFrameDecoder` and `WyomingFrameEncoder`;
/// typed events are `WyomingEvent`.
public struct WyomingFrame: Sendable, Hashable {
    /// The event type (`describe`, `audio-chunk`, …).
    public var type: String
    /// The event's data (the header's `data` with the extra data section merged over it).
    public var data: [String: JSONValue]
    /// The payload bytes; empty when there is none.
    public var payload: [UInt8]

    /// A frame of `type` with `data` and `payload`.
    public init(type: String, data: [String: JSONValue] = [:], payload: [UInt8] = []) {
        self.type = type
        self.data = data
        self.payload = payload
    }

    /// The protocol version written in every header (informational; readers ignore it).
    public static let protocolVersion = "1.10.2"
}

/// Size limits a decoder enforces before buffering anything large.
public struct WyomingLimits: Sendable, Equatable {
    /// Longest header line in bytes, newline excluded (the Python reader's limit is 64 KiB).
    public var maximumHeaderBytes: Int
    /// Largest extra data section in bytes.
    public var maximumDataBytes: Int
    /// Largest payload in bytes (one audio chunk; the Python client sends 2 KiB).
    public var maximumPayloadBytes: Int

    /// Defaults: 64 KiB header, 1 MiB data, 4 MiB payload.
    public init(maximumHeaderBytes: Int = 65_536, maximumDataBytes: Int = 1 << 20, maximumPayloadBytes: Int = 4 << 20) {
        self.maximumHeaderBytes = maximumHeaderBytes
        self.maximumDataBytes = maximumDataBytes
        self.maximumPayloadBytes = maximumPayloadBytes
    }
}

/// Why bytes on a Wyoming connection are not a frame. Every case means the stream cannot be
/// resynchronized: the peer gets an `error` event and the connection closes.
public enum WyomingDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The header line grew past the limit without a newline.
    case headerTooLong(limit: Int)
    /// The header line is not a JSON object.
    case headerNotJSON(JSONParseError)
    /// The header or data section is valid JSON but not an object.
    case notAnObject(section: String)
    /// The header has no string `type`.
    case missingType
    /// `data_length` or `payload_length` is not a non-negative integer.
    case invalidLength(field: String)
    /// The data section announced is larger than the limit.
    case dataTooLarge(length: Int, limit: Int)
    /// The payload announced is larger than the limit.
    case payloadTooLarge(length: Int, limit: Int)
    /// The extra data section is not JSON.
    case dataNotJSON(JSONParseError)
    /// The stream ended inside a frame.
    case truncatedFrame(leftoverBytes: Int)

    /// A short code for the `error` event sent to the peer.
    public var code: String {
        switch self {
        case .headerTooLong: "header-too-long"
        case .headerNotJSON, .notAnObject, .missingType, .invalidLength, .dataNotJSON: "malformed-frame"
        case .dataTooLarge: "data-too-large"
        case .payloadTooLarge: "payload-too-large"
        case .truncatedFrame: "truncated-frame"
        }
    }

    public var description: String {
        switch self {
        case .headerTooLong(let limit): "the header line is longer than \(limit) bytes"
        case .headerNotJSON(let error): "the header line is not JSON (\(error))"
        case .notAnObject(let section): "the \(section) is not a JSON object"
        case .missingType: "the header has no type"
        case .invalidLength(let field): "\(field) is not a non-negative integer"
        case .dataTooLarge(let length, let limit): "the data section of \(length) bytes is larger than \(limit)"
        case .payloadTooLarge(let length, let limit): "the payload of \(length) bytes is larger than \(limit)"
        case .dataNotJSON(let error): "the data section is not JSON (\(error))"
        case .truncatedFrame(let count): "the stream ended inside a frame (\(count) bytes left over)"
        }
    }
}
