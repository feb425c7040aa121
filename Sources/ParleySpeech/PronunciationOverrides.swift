import Foundation
import ParleyGrammar

/// The project's pronunciation additions: a file in the CMU dictionary's format, one word and
/// its phones per line (`soupchef S UW P SH EH F`), `#` starting a comment. Words are
/// normalized like grammar tokens (lower case, apostrophes dropped, numbers as digits). A word
/// written `word(2)` adds a second way to say it beside its first (the file's or the
/// dictionary's): the recognizer then accepts either.
public enum PronunciationOverrides {
    /// The overrides file shipped in the repository.
    public static let defaultPath = "models/pronunciations.dict"

    /// The overrides in `text`; lines that are not `word PHONE…` with known phones are
    /// reported as errors with their line number.
    public static func parse(_ text: String, file: String = "pronunciations") throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        for entry in try entries(text, file: file) where !entry.alternative && result[entry.word] == nil {
            result[entry.word] = entry.phones  // first pronunciation wins
        }
        return result
    }

    /// The `word(2)` lines of `text`: further pronunciations of a word, in file order.
    public static func alternatives(_ text: String, file: String = "pronunciations") throws -> [String: [[String]]] {
        var result: [String: [[String]]] = [:]
        for entry in try entries(text, file: file) where entry.alternative { result[entry.word, default: []].append(entry.phones) }
        return result
    }

    private static func entries(_ text: String, file: String) throws -> [(word: String, phones: [String], alternative: Bool)] {
        var result: [(word: String, phones: [String], alternative: Bool)] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let head = fields.first else { continue }
            var word = head
            let alternative = word.firstIndex(of: "(").map { $0 > word.startIndex && word.hasSuffix(")") } ?? false
            if alternative, let paren = word.firstIndex(of: "(") { word = String(word[..<paren]) }  // “word(2)”
            let tokens = TextNormalizer.tokens(word)
            let phones = fields.dropFirst().map { $0.uppercased().filter { !$0.isNumber } }
            guard tokens.count == 1, !phones.isEmpty, phones.allSatisfy(ESpeakPhoneMap.cmuPhones.contains) else {
                throw SpeechError.file(path: "\(file):\(index + 1)",
                                       reason: "expected ‘word PHONE…’ with CMU phones (AA AE … ZH), got ‘\(rawLine)’")
            }
            result.append((tokens[0], phones, alternative))
        }
        return result
    }

    /// The overrides in the file at `path`; an absent file means no overrides.
    public static func load(path: String) throws -> [String: [String]] {
        try text(at: path).map { try parse($0, file: path) } ?? [:]
    }

    /// The `word(2)` lines of the file at `path`; an absent file means none.
    public static func loadAlternatives(path: String) throws -> [String: [[String]]] {
        try text(at: path).map { try alternatives($0, file: path) } ?? [:]
    }

    private static func text(at path: String) throws -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SpeechError.file(path: path, reason: "cannot read")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
