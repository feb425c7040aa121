import Foundation

/// Why bytes are not one JSON value.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, as Foundation's decoder put it.
    public var reason: String

    /// A problem described by `reason`.
    public init(reason: String) { self.reason = reason }

    public var description: String { "invalid JSON: \(reason)" }
}

extension JSONValue: Codable {
    /// Decodes any JSON value; a number that is exactly an `Int` becomes `.integer`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? container.decode(Int.self) {
            self = .integer(integer)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([JSONValue].self) {
            self = .array(items)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value; numbers that are not finite become `null` (JSON has none).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .integer(let integer): try container.encode(integer)
        case .number(let number): number.isFinite ? try container.encode(number) : try container.encodeNil()
        case .string(let text): try container.encode(text)
        case .array(let items): try container.encode(items)
        case .object(let members): try container.encode(members)
        }
    }

    /// Parses `bytes` (UTF-8) as exactly one JSON value. Foundation's decoder bounds nesting,
    /// so hostile input cannot exhaust the stack.
    public static func parse<Bytes: Sequence<UInt8>>(_ bytes: Bytes) throws(JSONParseError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch let DecodingError.dataCorrupted(context) {
            throw JSONParseError(reason: (context.underlyingError.map { "\($0)" }) ?? context.debugDescription)
        } catch {
            throw JSONParseError(reason: "\(error)")
        }
    }

    /// Parses one JSON text.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// Compact JSON text: no spaces, object keys sorted (so encoding is deterministic), `/` and
    /// non-ASCII written as they are.
    public var serialized: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a JSONValue cannot fail: every case maps to JSON and non-finite numbers to null.
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}
