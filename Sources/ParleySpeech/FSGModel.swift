import CPocketSphinx

/// A `SpeechGrammar` as a PocketSphinx `fsg_model_t`, built with the `fsg_model_*` API (not
/// JSGF text, whose loader leaks on every call). `ps_set_fsg` keeps its own reference; the
/// builder's is given back with `release()`.
struct FSGModel {
    let pointer: UnsafeMutablePointer<fsg_model_t>

    /// The model of `grammar`, its words named by `words` (grammar token → decoder word).
    /// Branches are weighted uniformly per state, with the decoder's language weight applied.
    init(_ grammar: SpeechGrammar, name: String, words: [String: String], decoder: OpaquePointer) throws {
        guard let logmath = ps_get_logmath(decoder), let config = ps_get_config(decoder) else {
            throw SpeechError.internalError("decoder without log tables")
        }
        let weight = Float(cmd_ln_float_r(config, "-lw"))
        guard let model = fsg_model_init(name, logmath, weight, Int32(grammar.stateCount)) else {
            throw SpeechError.grammar("could not create ‘\(name)’")
        }
        model.pointee.start_state = Int32(grammar.start)
        model.pointee.final_state = Int32(grammar.final)
        var outDegree = [Int](repeating: 0, count: grammar.stateCount)
        for arc in grammar.arcs { outDegree[arc.from] += 1 }
        var wordIDs: [String: Int32] = [:]
        for arc in grammar.arcs {
            let probability = 1 / Double(max(1, outDegree[arc.from]))
            let logProbability = Int32(Double(logmath_log(logmath, probability)) * Double(weight))
            if let word = arc.word {
                let decoderWord = words[word] ?? word
                let id = wordIDs[decoderWord] ?? fsg_model_word_add(model, decoderWord)
                wordIDs[decoderWord] = id
                fsg_model_trans_add(model, Int32(arc.from), Int32(arc.to), logProbability, id)
            } else {
                _ = fsg_model_null_trans_add(model, Int32(arc.from), Int32(arc.to), logProbability)
            }
        }
        pointer = model
    }

    /// Gives back the builder's reference.
    func release() { _ = fsg_model_free(pointer) }
}
