import Foundation
import ParleyGrammar

/// The project's pronunciation additions: a file in the CMU dictionary's format, one word and
/// its phones per line (`soupchef S UW P SH EH F`), `#` starting a comment. Words are
/// normalized like grammar tokens (lower case, apostrophes dropped, numbers as digits).
public enum PronunciationOverrides {
    /// The overrides file shipped in the repository.
    public static let defaultPath = "models/pronunciations.dict"

    /// The overrides in `text`; lines that are not `word PHONE…` with known phones are
    /// reported as errors with their line number.
    public static func parse(_ text: String, file: String = "pronunciations") throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let head = fields.first else { continue }
            var word = head
            if let paren = word.firstIndex(of: "("), word.hasSuffix(")") { word = String(word[..<paren]) }  // “word(2)”
            let tokens = TextNormalizer.tokens(word)
            let phones = fields.dropFirst().map { $0.uppercased().filter { !$0.isNumber } }
            guard tokens.count == 1, !phones.isEmpty, phones.allSatisfy(ESpeakPhoneMap.cmuPhones.contains) else {
                throw SpeechError.file(path: "\(file):\(index + 1)",
                                       reason: "expected ‘word PHONE…’ with CMU phones (AA AE … ZH), got ‘\(rawLine)’")
            }
            if result[tokens[0]] == nil { result[tokens[0]] = phones }  // first pronunciation wins
        }
        return result
    }

    /// The overrides in the file at `path`; an absent file means no overrides.
    public static func load(path: String) throws -> [String: [String]] {
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SpeechError.file(path: path, reason: "cannot read")
        }
        return try parse(String(decoding: data, as: UTF8.self), file: path)
    }
}
