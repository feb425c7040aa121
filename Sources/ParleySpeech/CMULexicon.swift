import Foundation

/// A CMU-format pronunciation dictionary (`word PH ONE S`, alternates as `word(2) …`), read
/// once per process and shared by every decoder. PocketSphinx's own copy of the full dictionary
/// costs ~22 MB per decoder; decoders here start with none and are given only the words of
/// their grammars, looked up here. Kept compact: the file's bytes and its line starts sorted by
/// word (~4 MB for the 135,000 words of Debian's `cmudict-en-us.dict`), searched by bisection.
public final class CMULexicon: Lexicon, @unchecked Sendable {
    private let bytes: [UInt8]
    /// Line starts, sorted by the base word (alternates after their base word, in file order).
    private let lines: [Int32]

    private static let lock = NSLock()
    nonisolated(unsafe) private static var loaded: [String: CMULexicon] = [:]

    /// The dictionary at `path`, read on first use and kept for the process.
    public static func shared(path: String) throws -> CMULexicon {
        lock.lock()
        defer { lock.unlock() }
        if let lexicon = loaded[path] { return lexicon }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SpeechError.engineUnavailable("cannot read the dictionary \(path)")
        }
        let lexicon = CMULexicon(bytes: [UInt8](data))
        loaded[path] = lexicon
        return lexicon
    }

    /// A lexicon over the text of a dictionary.
    init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts: [Int32] = []
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") || index == bytes.count - 1 {
            if index > start, bytes[start] != UInt8(ascii: "#") { starts.append(Int32(start)) }
            start = index + 1
        }
        lines = bytes.withUnsafeBufferPointer { buffer in
            // Stable: alternates keep their file order after the base word.
            starts.enumerated().sorted { left, right in
                let order = Self.compare(Self.baseWord(at: Int(left.element), in: buffer), Self.baseWord(at: Int(right.element), in: buffer))
                return order != 0 ? order < 0 : left.offset < right.offset
            }.map(\.element)
        }
    }

    /// Pronunciations in the dictionary (a word's alternates each count).
    public var count: Int { lines.count }

    public func phones(of word: String) -> [String]? {
        pronunciations(of: word).first
    }

    /// Every pronunciation of `word`: the first, then its alternates (`word(2)`, …).
    public func pronunciations(of word: String) -> [[String]] {
        let key = Array(word.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> [[String]] in
            var low = 0, high = lines.count
            while low < high {
                let middle = (low + high) / 2
                if key.withUnsafeBufferPointer({ Self.compare(Self.baseWord(at: Int(lines[middle]), in: buffer), $0) }) < 0 {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            var found: [[String]] = []
            var index = low
            while index < lines.count,
                  key.withUnsafeBufferPointer({ Self.compare(Self.baseWord(at: Int(lines[index]), in: buffer), $0) }) == 0 {
                found.append(Self.phones(at: Int(lines[index]), in: buffer))
                index += 1
            }
            return found
        }
    }

    /// The word a line starts with, without an alternate's `(N)`.
    private static func baseWord(at start: Int, in buffer: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var end = start
        while end < buffer.count, !isSpace(buffer[end]) { end += 1 }
        if end > start + 1, buffer[end - 1] == UInt8(ascii: ")"),
           let open = (start..<end).last(where: { buffer[$0] == UInt8(ascii: "(") }), open > start {
            end = open
        }
        return UnsafeBufferPointer(rebasing: buffer[start..<end])
    }

    /// The phones after a line's word, up to the line's end (a trailing `#` comment dropped).
    private static func phones(at start: Int, in buffer: UnsafeBufferPointer<UInt8>) -> [String] {
        var index = start
        while index < buffer.count, !isSpace(buffer[index]) { index += 1 }
        var end = index
        while end < buffer.count, buffer[end] != UInt8(ascii: "\n"), buffer[end] != UInt8(ascii: "#") { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[index..<end]), as: UTF8.self)
            .split(whereSeparator: \.isWhitespace).map(String.init)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// Byte order: negative, zero or positive.
    private static func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
        let length = min(left.count, right.count)
        for index in 0..<length where left[index] != right[index] {
            return Int(left[index]) - Int(right[index])
        }
        return left.count - right.count
    }
}
