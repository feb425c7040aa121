import CPocketSphinx

/// A `SpeechGrammar` as a PocketSphinx `fsg_model_t`, built with the `fsg_model_*` API (not
/// JSGF text, whose loader leaks on every call). `ps_set_fsg` keeps its own reference; the
/// builder's is given back with `release()`.
struct FSGModel {
    let pointer: UnsafeMutablePointer<fsg_model_t>

    /// The model of `grammar`, its words named by `words` (grammar token → decoder word).
    /// Branch probabilities come from the arcs' weights, with the grammar's branch weight applied
    /// (by default the decoder's language weight).
    init(_ grammar: SpeechGrammar, name: String, words: [String: String], decoder: OpaquePointer) throws {
        guard let logmath = ps_get_logmath(decoder), let config = ps_get_config(decoder) else {
            throw SpeechError.internalError("decoder without log tables")
        }
        let weight = Float(cmd_ln_float_r(config, "-lw"))
        let branchWeight = grammar.branchWeight ?? Double(weight)
        guard let model = fsg_model_init(name, logmath, weight, Int32(grammar.stateCount)) else {
            throw SpeechError.grammar("could not create ‘\(name)’")
        }
        model.pointee.start_state = Int32(grammar.start)
        model.pointee.final_state = Int32(grammar.final)
        var wordIDs: [String: Int32] = [:]
        for (arc, probability) in zip(grammar.arcs, grammar.probabilities) where probability > 0 {
            let logProbability = Int32(Double(logmath_log(logmath, probability)) * branchWeight)
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
