import Foundation
import ParleySpeech

/// The `--gaps FILE` of the speech benchmarks: one line per scored utterance, for calibrating
/// `ConfidenceScale`. Columns: kind (what the utterance was, whether it was heard right, and
/// `+wide` when only the wide-beam retry found it), word frames, all frames, the gap — the
/// phone loop's lead over the grammar path (decoder log units) — and the phones of the heard
/// words (their first pronunciations).
struct ConfidenceGaps {
    private var lines: [String] = []
    /// Pronounces the heard words (for the fifth column).
    private let recognizer: Recognizer

    init(phonesBy recognizer: Recognizer) {
        self.recognizer = recognizer
    }

    /// The phones of `words`, each by its first pronunciation.
    private func phones(_ words: [String]) -> Int {
        words.reduce(0) { $0 + ((try? recognizer.pronunciation(of: $1).phones.count) ?? 0) }
    }

    mutating func note(_ kind: String, _ recognition: Recognition) {
        guard let gap = recognition.gap else { return }
        lines.append([kind + (recognition.widened ? "+wide" : ""), "\(recognition.speechFrames)", "\(recognition.frames)",
                      "\(gap)", "\(phones(recognition.words))"].joined(separator: "\t"))
    }

    /// Writes the lines to `path` (nothing when nil).
    func write(to path: String?) { writeLines(lines, to: path) }
}

/// Writes `lines`, each ending in a newline, to `path` (nothing when nil): the benchmarks' logs.
func writeLines(_ lines: [String], to path: String?) {
    guard let path else { return }
    _ = FileManager.default.createFile(atPath: path, contents: Data(lines.map { $0 + "\n" }.joined().utf8))
}
