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
            let exact = results(compiled.automaton.accepts(state), words: words, range: 0..<words.count)
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
            let found = results(compiled.automaton.accepts(state), words: words, range: trim.range)
            if !found.isEmpty {
                bestDropped = trim.dropped
                best += found.filter { candidate in !best.contains { $0.shortcut == candidate.shortcut && $0.spoken == candidate.spoken } }
            }
        }
        return best
    }

    private func results(_ accepts: ArraySlice<Accept>, words: [String], range: Range<Int>) -> [ShortcutMatch] {
        var seen: Set<Int64> = []
        var matches: [ShortcutMatch] = []
        for accept in accepts {
            let phrase = compiled.phrases[Int(accept.phrase)]
            let key = Int64(phrase.shortcut) << 32 | Int64(UInt32(bitPattern: accept.value))
            guard seen.insert(key).inserted else { continue }
            let shortcut = compiled.shortcuts[phrase.shortcut]
            let app = compiled.table.apps[shortcut.app]
            var spoken: SpokenValue?
            if let domain = phrase.domain, accept.value >= 0 {
                let slot = compiled.domains[domain]
                let value = slot.values[Int(accept.value)]
                let heard = Self.locate(value.forms, in: words, within: range)
                spoken = SpokenValue(parameter: slot.parameter, value: value.value, title: value.title,
                                     words: heard.map { Array(words[$0]) } ?? value.forms.first ?? [], span: heard)
            }
            matches.append(ShortcutMatch(
                app: app.name.value, appIndex: shortcut.app, intent: shortcut.intent, shortcut: phrase.shortcut,
                shortcutIndex: shortcut.index, shortcutTitle: shortcut.title, presets: shortcut.presets,
                spoken: spoken, phrase: phrase.location,
                dropped: Array(words[..<range.lowerBound]) + Array(words[range.upperBound...])))
        }
        matches.sort { $0.shortcut < $1.shortcut }
        return matches
    }

    /// Where the longest of `forms` stands in `words` (first place), within `range`.
    private static func locate(_ forms: [[String]], in words: [String], within range: Range<Int>) -> Range<Int>? {
        for form in forms.sorted(by: { $0.count > $1.count }) where !form.isEmpty {
            var start = range.lowerBound
            while start + form.count <= range.upperBound {
                if Array(words[start..<(start + form.count)]) == form { return start..<(start + form.count) }
                start += 1
            }
        }
        return nil
    }
}
