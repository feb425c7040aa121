import ParleyGrammar
import ParleyRandom

/// One phrase rendering to try: what is said, and which shortcut (and value) it should start.
public struct AcousticTrial: Sendable, Equatable {
    public var phrase: Int
    public var shortcut: Int
    public var value: ParameterValue?
    public var words: [String]
    public var voice: AcousticVoice

    public var text: String { words.joined(separator: " ") }
}

/// Chooses what the acoustic check says: for every shortcut phrase, each slot value (or a seeded
/// sample of `valuesPerSlot` of them), with the phrase's alternatives and optional words chosen
/// by the same seed, and the app's name; then every voice.
public enum AcousticTrials {
    public static func make(_ compiled: CompiledTable, options: AcousticOptions) -> [AcousticTrial] {
        var generator = SplitMix64(seed: options.seed)
        var trials: [AcousticTrial] = []
        for (index, phrase) in compiled.phrases.enumerated() where !compiled.shortcuts[phrase.shortcut].isSentence {
            let app = compiled.shortcuts[phrase.shortcut].app
            var values: [Int?] = [nil]
            if let domain = phrase.domain {
                let count = compiled.domains[domain].values.count
                var all = Array(0..<count)
                all.shuffle(using: &generator)
                values = all.prefix(max(1, options.valuesPerSlot)).sorted().map { $0 }
            }
            for value in values {
                let words = walk(phrase, value: value, compiled: compiled, appName: compiled.appForms[app].first ?? [], generator: &generator)
                let spoken = value.flatMap { v in phrase.domain.map { compiled.domains[$0].values[v].value } }
                for voice in options.voices {
                    trials.append(AcousticTrial(phrase: index, shortcut: phrase.shortcut, value: spoken,
                                                words: words.map { compiled.vocabulary.words[Int($0)] }, voice: voice))
                }
            }
        }
        return trials
    }

    /// One random expansion of the phrase's graph with the slot set to `value`.
    static func walk(_ phrase: CompiledPhrase, value: Int?, compiled: CompiledTable, appName: [Int32],
                     generator: inout SplitMix64) -> [Int32] {
        let graph = phrase.graph
        var node: Int32 = 0
        var words: [Int32] = []
        // Every node lies on a path to the end and the graph has no cycles, so a walk ends.
        while node != graph.end {
            let edges = graph.edges[Int(node)]
            guard !edges.isEmpty else { break }
            let edge = edges[Int.random(in: 0..<edges.count, using: &generator)]
            switch edge.label {
            case .epsilon: break
            case .token(let id): words.append(id)
            case .app: words += appName
            case .slot(let slot):
                let domain = compiled.domainForms[phrase.slots[Int(slot)]]
                let chosen = value ?? Int.random(in: 0..<max(domain.count, 1), using: &generator)
                if chosen < domain.count, let form = domain[chosen].first { words += form }
            }
            node = edge.target
        }
        return words
    }
}
