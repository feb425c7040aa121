import Foundation
import ParleySpeech

/// The `--results FILE` of `parley bench-speech`: one tab-separated line per decoded utterance,
/// so two runs (other options, another build) can be compared utterance by utterance. Columns:
/// what it was (`shortcut`, `answer`, or the rejection set's name), the voice, the pass (`clean`
/// or `noisy`), what was said, what was heard, the confidence, and 1 when the benchmark counted
/// it right (for the rejection sets: rejected), and 1 when the words meant the right thing
/// whatever their confidence (for the rejection sets: accepted).
struct UtteranceLog {
    private var lines: [String] = []

    mutating func note(_ kind: String, voice: String, noisy: Bool, said: String, heard: Recognition, right: Bool, meant: Bool) {
        lines.append([kind, voice, noisy ? "noisy" : "clean", said, heard.text,
                      String(format: "%.3f", heard.confidence), right ? "1" : "0", meant ? "1" : "0"].joined(separator: "\t"))
    }

    /// Writes the lines to `path` (nothing when nil).
    func write(to path: String?) { writeLines(lines, to: path) }
}
