import CPocketSphinx
import Foundation
import Synchronization

/// The confidence's phone loop decodes with the phone language model cut to its unigrams and
/// bigrams. Debian's `en-us-phone.lm.bin` is a trigram model, and looking trigrams up was a
/// good part of the loop's time: with bigrams the loop took 0.0380 of real time against 0.0491,
/// and at the same rejection of out-of-grammar speech it accepted as many right shortcuts and
/// more right answers (`docs/speech.md`). The cut is made once per model and process, in
/// memory: sphinxbase reads the model (any format it knows) and writes it as ARPA text, and the
/// higher orders are dropped from that text.
enum PhoneBigram {
    private static let made = Mutex<[String: String]>([:])

    /// Registers the phone loop `name` on `decoder` with the bigrams of the model at `path`.
    /// Throws `SpeechError.engineUnavailable` saying what refused the model.
    static func register(on decoder: OpaquePointer, name: String, from path: String) throws {
        let text = try arpa(of: path)
        let file = temporaryFile("bigram")
        defer { try? FileManager.default.removeItem(atPath: file) }
        guard FileManager.default.createFile(atPath: file, contents: Data(text.utf8)),
              ps_set_allphone_file(decoder, name, file) == 0 else {
            throw SpeechError.engineUnavailable("PocketSphinx could not load the phone language model \(path)")
        }
    }

    /// The ARPA text of the unigrams and bigrams of the model at `path` (made the first time).
    static func arpa(of path: String) throws -> String {
        if let text = made.withLock({ $0[path] }) { return text }
        guard let lmath = logmath_init(1.0001, 0, 0) else { throw SpeechError.internalError("sphinxbase could not start its log tables") }
        defer { logmath_free(lmath) }
        guard let model = ngram_model_read(nil, path, NGRAM_AUTO, lmath) else {
            throw SpeechError.engineUnavailable("sphinxbase could not read the phone language model \(path)")
        }
        defer { ngram_model_free(model) }
        let file = temporaryFile("arpa")
        defer { try? FileManager.default.removeItem(atPath: file) }
        guard ngram_model_write(model, file, NGRAM_ARPA) == 0, let full = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw SpeechError.engineUnavailable("sphinxbase could not write the phone language model \(path) as text")
        }
        let text = bigrams(of: full)
        made.withLock { $0[path] = text }
        return text
    }

    /// `arpa` without its n-grams above bigrams: their counts and sections go, and bigrams lose
    /// the back-off weights only a trigram needs.
    static func bigrams(of arpa: String) -> String {
        var kept: [String] = []
        var order = 0
        for line in arpa.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("ngram "), let n = Int(line.dropFirst(6).prefix(while: \.isNumber)), n > 2 { continue }
            if line.hasPrefix("\\"), line.hasSuffix("-grams:") {
                order = Int(line.dropFirst().prefix(while: \.isNumber)) ?? 0
            } else if line == "\\end\\" {
                order = 0
            }
            if order > 2 { continue }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if order == 2, !line.hasPrefix("\\"), fields.count == 4 {
                kept.append(fields.prefix(3).joined(separator: "\t"))
            } else {
                kept.append(String(line))
            }
        }
        return kept.joined(separator: "\n")
    }

    private static func temporaryFile(_ kind: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("parley-phone-\(kind)-\(UUID().uuidString).lm").path
    }
}
