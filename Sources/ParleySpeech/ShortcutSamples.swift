import ParleyGrammar

/// One sentence a shortcut phrase accepts, with the shortcut and value it must start.
public struct ShortcutSample: Sendable, Hashable {
    /// The normalized tokens to say (`order clam chowder with soup chef`).
    public var words: [String]
    /// Index into `CompiledTable.phrases`.
    public var phrase: Int
    /// Index into `CompiledTable.shortcuts`.
    public var shortcut: Int

    /// The words joined by spaces.
    public var text: String { words.joined(separator: " ") }
}

/// Sample sentences of every phrase of a compiled table: the phrase's expansions (alternatives
/// and optional parts), each app name in turn, and slot values spread over each slot's domain
/// (several slots of a `sentences` template take their values in step).
/// Deterministic, for tests and benchmarks.
public enum ShortcutSamples {
    /// At most `expansionsPerPhrase` word paths per phrase, and at most `valuesPerSlot` slot
    /// values (first, last and evenly spaced between; every value when there are fewer).
    public static func of(_ compiled: CompiledTable, expansionsPerPhrase: Int = 4, valuesPerSlot: Int = 6) -> [ShortcutSample] {
        var samples: [ShortcutSample] = []
        var seen: Set<[String]> = []
        for (index, phrase) in compiled.phrases.enumerated() {
            let app = compiled.shortcuts[phrase.shortcut].app
            let appForms = compiled.appForms[app].map { $0.map { compiled.vocabulary.words[Int($0)] } }
            // Per slot: the spoken form of each sampled value.
            let slotForms: [[[String]]] = phrase.slots.map { domain in
                let values = compiled.domains[domain].values
                return spread(values.count, valuesPerSlot).compactMap { values[$0].forms.first }
            }
            let variants = max(1, slotForms.map(\.count).max() ?? 1)
            let paths = self.paths(phrase.graph, limit: expansionsPerPhrase)
            var counter = 0
            for path in paths {
                for variant in 0..<variants {
                    var words: [String] = []
                    var complete = true
                    for label in path {
                        switch label {
                        case .token(let id): words.append(compiled.vocabulary.words[Int(id)])
                        case .app: words += appForms.isEmpty ? [] : appForms[counter % appForms.count]
                        case .slot(let slot):
                            let forms = Int(slot) < slotForms.count ? slotForms[Int(slot)] : []
                            if forms.isEmpty { complete = false } else { words += forms[variant % forms.count] }
                        case .epsilon: break
                        }
                    }
                    counter += 1
                    if complete, seen.insert(words).inserted {
                        samples.append(ShortcutSample(words: words, phrase: index, shortcut: phrase.shortcut))
                    }
                }
            }
        }
        return samples
    }

    /// `limit` indices spread over `0..<count`, first and last included.
    static func spread(_ count: Int, _ limit: Int) -> [Int] {
        guard count > limit, limit > 1 else { return Array(0..<min(count, max(limit, 1))) }
        return Array(Set((0..<limit).map { $0 * (count - 1) / (limit - 1) })).sorted()
    }

    /// Up to `limit` label paths from the graph's start to its end, shortest-first branches.
    static func paths(_ graph: TemplateGraph, limit: Int) -> [[TemplateGraph.Label]] {
        var result: [[TemplateGraph.Label]] = []
        func walk(_ node: Int32, _ path: [TemplateGraph.Label]) {
            guard result.count < limit else { return }
            if node == graph.end { result.append(path) }
            for edge in graph.edges[Int(node)] { walk(edge.target, path + [edge.label]) }
        }
        walk(0, [])
        return result
    }
}
