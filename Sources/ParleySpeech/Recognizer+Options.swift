import CPocketSphinx

extension Recognizer {
    /// The name of the wide-beam search registered beside grammar `name`.
    static func retrySearch(_ name: String) -> String { name + "#wide" }

    /// Runs `body` with numeric decoder options (e.g. `-beam`) set to `options`, then restores
    /// them: a PocketSphinx search reads its beams from the decoder's options when it is created.
    func withOptions(_ options: [String: String], _ body: () throws -> Void) throws {
        guard let config = ps_get_config(decoder) else { return try body() }
        var saved: [String: Double] = [:]
        defer { for (name, value) in saved { cmd_ln_set_float_r(config, name, value) } }
        for (name, text) in options {
            guard let value = Double(text) else { throw SpeechError.internalError("decoder option \(name) needs a number, not ‘\(text)’") }
            saved[name] = cmd_ln_float_r(config, name)
            cmd_ln_set_float_r(config, name, value)
        }
        try body()
    }
}
