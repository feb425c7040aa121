import ParleyTable

/// One App Shortcut as compiled: which app, which intent, and its preset values.
public struct CompiledShortcut: Sendable {
    public var app: Int
    /// The shortcut's position in its app's `shortcuts` list.
    public var index: Int
    public var intent: String
    /// The shortcut's title, or its intent's.
    public var title: String
    public var presets: [(parameter: String, value: ParameterValue)]
    public var location: SourceLocation
    /// Whether this stands for a top-level `sentences` template rather than an App Shortcut.
    public var isSentence: Bool = false
}

/// One phrase as compiled: its shortcut, template, graph and slot.
public struct CompiledPhrase: Sendable {
    public var shortcut: Int
    public var location: SourceLocation
    public var template: Template
    public var graph: TemplateGraph
    /// Per slot (in `graph.slotNames` order): index into `CompiledTable.domains` of its values.
    public var slots: [Int]

    /// The domain of a phrase's one slot (App Shortcut phrases have at most one).
    public var domain: Int? { slots.count == 1 ? slots[0] : nil }
}

/// A `sentences` template of an intent: several values in one answer.
public struct CompiledSentence: Sendable {
    public var app: Int
    public var intent: String
    public var location: SourceLocation
    public var graph: TemplateGraph
    public var slots: [Int]
    /// Its phrase in the automaton, when it names `{app}` and so can start a conversation.
    public var phrase: Int?
}

/// The one compiled form of a phrase table: every shortcut phrase in one token automaton.
/// The matcher, `parley check` and (later) speech grammars all derive from it.
public struct CompiledTable: Sendable {
    public var table: PhraseTable
    public var vocabulary: Vocabulary
    /// Per app: the token forms of its name and synonyms.
    public var appForms: [[[Int32]]]
    public var shortcuts: [CompiledShortcut]
    public var phrases: [CompiledPhrase]
    public var sentences: [CompiledSentence]
    public var domains: [SlotDomain]
    /// Per domain: per value, its interned token forms.
    public var domainForms: [[[[Int32]]]]
    public var automaton: ShortcutAutomaton
    /// Problems found while compiling (phrases and shortcuts that could not be compiled).
    public var diagnostics: [Diagnostic]
    /// Size of the intermediate nondeterministic automaton (for benchmarks).
    public var nfaStateCount: Int
    public var nfaEdgeCount: Int

    /// The readable text of token ids.
    public func text(_ tokens: [Int32]) -> String {
        tokens.map { vocabulary.words[Int($0)] }.joined(separator: " ")
    }

    /// The values a phrase or sentence graph reads from `tokens` (first reading), by
    /// parameter, with their titles and spans; nil when it does not read them all.
    public func values(in graph: TemplateGraph, slots: [Int], app: Int, tokens: [Int32]) -> [(parameter: String, value: SlotValue, span: Range<Int>)]? {
        let readings = graph.parses(tokens, appForms: appForms[app], slotValues: slots.map { domainForms[$0] }, limit: 1)
        guard let reading = readings.first else { return nil }
        return reading.map { part in
            let domain = domains[slots[part.slot]]
            return (domain.parameter, domain.values[part.value], part.span)
        }
    }

    /// The token ids of normalized words, nil when one is outside the vocabulary.
    public func ids(_ words: [String]) -> [Int32]? {
        var ids: [Int32] = []
        ids.reserveCapacity(words.count)
        for word in words {
            guard let id = vocabulary.id(of: word) else { return nil }
            ids.append(id)
        }
        return ids
    }
}
