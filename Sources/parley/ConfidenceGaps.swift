import Foundation
import ParleySpeech

/// The `--gaps FILE` of the speech benchmarks: one line per scored utterance, for calibrating
/// `ConfidenceScale`. Columns: kind (what the utterance was, whether it was heard right, and
/// `+wide` when only the wide-beam retry found it), word frames, all frames, the gap — the
/// phone loop's lead over the grammar path (decoder log units) — and the phones of the heard
/// words (their first pronunciations).
struct ConfidenceGaps {
    private var lines: [String] = []
    /// The phones of heard words (for a fifth column).
    var phones: ([String]) -> Int = { _ in 0 }

    mutating func note(_ kind: String, _ recognition: Recognition) {
        guard let gap = recognition.gap else { return }
        lines.append([kind + (recognition.widened ? "+wide" : ""), "\(recognition.speechFrames)", "\(recognition.frames)",
                      "\(gap)", "\(phones(recognition.words))"].joined(separator: "\t"))
    }

    /// Writes the lines to `path` (nothing when nil).
    func write(to path: String?) {
        guard let path else { return }
        _ = FileManager.default.createFile(atPath: path, contents: Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}
