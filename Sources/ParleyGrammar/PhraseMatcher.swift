import ParleyTable

/// Matches utterances against every shortcut phrase of a compiled table.
///
/// Ranking rule: an utterance matches a phrase when its normalized tokens are exactly one
/// expansion of the phrase. When no phrase matches exactly, politeness words at the start
/// (“please”, “hey”, “can you”, “could you”, …) and end (“please”, “thanks”, “now”) are
/// dropped and the rest must match exactly; fewer dropped words rank higher. Matches that
/// rank equally are all returned — one result per distinct (shortcut, spoken value), in table
/// order — since they tie, the caller asks rather than guesses. Nothing else is fuzzy: a word
/// outside the table's vocabulary means no match.
public struct PhraseMatcher: Sendable {
    public let compiled: CompiledTable
    private let leadingFillers: [[String]]
    private let trailingFillers: [[String]]

    /// Words people put around a command that carry no meaning for it.
    public static let leadingFillerPhrases = [
        "please", "hey", "ok", "okay", "can you", "could you", "would you", "can you please", "could you please",
        "please could you", "i want to", "i would like to", "i'd like to", "let's", "go ahead and",
    ]
    public static let trailingFillerPhrases = ["please", "thanks", "thank you", "now", "for me", "for me please"]

    public init(_ compiled: CompiledTable) {
        self.compiled = compiled
        leadingFillers = Self.leadingFillerPhrases.map(TextNormalizer.tokens)
        trailingFillers = Self.trailingFillerPhrases.map(TextNormalizer.tokens)
    }

    /// The best-ranked matches of `utterance` (empty when nothing matches).
    public func match(_ utterance: String) -> [ShortcutMatch] {
        match(tokens: TextNormalizer.tokens(utterance))
    }

    /// The best-ranked matches of already normalized tokens.
    public func match(tokens words: [String]) -> [ShortcutMatch] {
        guard !words.isEmpty else { return [] }
        var ids: [Int32] = []
        ids.reserveCapacity(words.count)
        var unknownAt: [Int] = []
        for (position, word) in words.enumerated() {
            if let id = compiled.vocabulary.id(of: word) {
                ids.append(id)
            } else {
                ids.append(-1)
                unknownAt.append(position)
            }
        }
        if unknownAt.isEmpty, let state = compiled.automaton.run(ids) {
            let exact = results(compiled.automaton.accepts(state), words: words, ids: ids, range: 0..<words.count)
            if !exact.isEmpty { return exact }
        }
        // Drop fillers: try the fewest dropped words first.
        var trims: [(range: Range<Int>, dropped: Int)] = []
        for lead in [[]] + leadingFillers where words.starts(with: lead) {
            for tail in [[]] + trailingFillers where words.count >= tail.count && Array(words.suffix(tail.count)) == tail {
                let dropped = lead.count + tail.count
                guard dropped > 0, dropped < words.count else { continue }
                trims.append((lead.count..<(ids.count - tail.count), dropped))
            }
        }
        trims.sort { $0.dropped < $1.dropped }
        var best: [ShortcutMatch] = []
        var bestDropped = Int.max
        for trim in trims where trim.dropped <= bestDropped {
            guard !unknownAt.contains(where: { trim.range.contains($0) }),
                  let state = compiled.automaton.run(ids[trim.range]) else { continue }
            let found = results(compiled.automaton.accepts(state), words: words, ids: ids, range: trim.range)
            if !found.isEmpty {
                bestDropped = trim.dropped
                best += found.filter { candidate in !best.contains { $0.shortcut == candidate.shortcut && $0.spoken == candidate.spoken } }
            }
        }
        return best
    }

    private func results(_ accepts: ArraySlice<Accept>, words: [String], ids: [Int32], range: Range<Int>) -> [ShortcutMatch] {
        var seen: Set<Int64> = []
        var matches: [ShortcutMatch] = []
        let heard = Array(ids[range])
        for accept in accepts {
            let phrase = compiled.phrases[Int(accept.phrase)]
            let key = Int64(phrase.shortcut) << 32 | Int64(UInt32(bitPattern: accept.value))
            guard seen.insert(key).inserted else { continue }
            let shortcut = compiled.shortcuts[phrase.shortcut]
            let app = compiled.table.apps[shortcut.app]
            var spoken: SpokenValue?
            var filled: [SpokenValue] = []
            if !phrase.slots.isEmpty {
                // Read the values (and where they were said) off the phrase's own graph.
                let readings = phrase.graph.parses(heard, appForms: compiled.appForms[shortcut.app],
                                                   slotValues: phrase.slots.map { compiled.domainForms[$0] })
                let reading = readings.first { $0.count != 1 || $0[0].value == Int(accept.value) } ?? readings.first ?? []
                let values = reading.map { part -> SpokenValue in
                    let domain = compiled.domains[phrase.slots[part.slot]]
                    let value = domain.values[part.value]
                    let span = (part.span.lowerBound + range.lowerBound)..<(part.span.upperBound + range.lowerBound)
                    return SpokenValue(parameter: domain.parameter, value: value.value, title: value.title,
                                       words: Array(words[span]), span: span)
                }
                if phrase.slots.count == 1 { spoken = values.first } else { filled = values }
            }
            matches.append(ShortcutMatch(
                app: app.name.value, appIndex: shortcut.app, intent: shortcut.intent, shortcut: phrase.shortcut,
                shortcutIndex: shortcut.index, shortcutTitle: shortcut.title, presets: shortcut.presets,
                spoken: spoken, filled: filled, phrase: phrase.location,
                dropped: Array(words[..<range.lowerBound]) + Array(words[range.upperBound...])))
        }
        matches.sort { $0.shortcut < $1.shortcut }
        return matches
    }
}
