/// What an accepting state stands for: one phrase, and the value its slot took (-1: none).
public struct Accept: Hashable, Sendable {
    public var phrase: Int32
    public var value: Int32
}

/// The nondeterministic automaton of every phrase of a table, with `{app}` and the slot
/// expanded into token chains. A slot forks the rest of its phrase per value (state = template
/// node × value), so each accepting state knows which value was spoken; at most one slot per
/// phrase keeps this linear in the number of values.
struct PhraseNFA {
    static let epsilon: Int32 = -1

    private(set) var stateCount: Int32 = 0
    private var edgeFrom: [Int32] = []
    private var edgeLabel: [Int32] = []
    private var edgeTo: [Int32] = []
    private(set) var accepting: [Int32: Accept] = [:]
    private(set) var starts: [Int32] = []

    private mutating func newState() -> Int32 {
        stateCount += 1
        return stateCount - 1
    }

    private mutating func add(_ from: Int32, _ label: Int32, _ to: Int32) {
        edgeFrom.append(from)
        edgeLabel.append(label)
        edgeTo.append(to)
    }

    /// Adds a chain reading `tokens` from `from` to `to`.
    private mutating func chain(_ tokens: [Int32], from: Int32, to: Int32) {
        guard !tokens.isEmpty else { return add(from, Self.epsilon, to) }
        var current = from
        for token in tokens.dropLast() {
            let next = newState()
            add(current, token, next)
            current = next
        }
        add(current, tokens[tokens.count - 1], to)
    }

    /// Adds one phrase: its template graph, its app's spoken names and each slot's values (each
    /// value a list of token forms). A phrase with one slot tags its accepting states with the
    /// value; with several (a `sentences` template) values are read back by parsing instead.
    mutating func addPhrase(_ phrase: Int32, graph: TemplateGraph, appForms: [[Int32]], slotValues allSlots: [[[[Int32]]]]) {
        let tagged = allSlots.count == 1
        let slotValues = tagged ? allSlots[0] : []
        let width = slotValues.count + 1
        var stateOf: [Int: Int32] = [:]
        var queue: [(node: Int32, value: Int32)] = []
        func state(_ node: Int32, _ value: Int32, _ nfa: inout PhraseNFA) -> Int32 {
            let key = Int(node) * width + Int(value + 1)
            if let existing = stateOf[key] { return existing }
            let created = nfa.newState()
            stateOf[key] = created
            queue.append((node, value))
            return created
        }
        starts.append(state(0, -1, &self))
        var head = 0
        while head < queue.count {
            let (node, value) = queue[head]
            head += 1
            let from = state(node, value, &self)
            if node == graph.end { accepting[from] = Accept(phrase: phrase, value: value) }
            for edge in graph.edges[Int(node)] {
                switch edge.label {
                case .epsilon: add(from, Self.epsilon, state(edge.target, value, &self))
                case .token(let id): add(from, id, state(edge.target, value, &self))
                case .app:
                    let to = state(edge.target, value, &self)
                    for form in appForms { chain(form, from: from, to: to) }
                case .slot(let slot):
                    if tagged {
                        guard value < 0 else { continue }
                        for (index, forms) in slotValues.enumerated() {
                            let to = state(edge.target, Int32(index), &self)
                            for form in forms { chain(form, from: from, to: to) }
                        }
                    } else if Int(slot) < allSlots.count {
                        let to = state(edge.target, value, &self)
                        for forms in allSlots[Int(slot)] {
                            for form in forms { chain(form, from: from, to: to) }
                        }
                    }
                }
            }
        }
    }

    /// Adds a plain word sequence as a phrase of its own (an expected answer).
    mutating func addWords(_ phrase: Int32, words: [Int32]) {
        let start = newState()
        let end = newState()
        starts.append(start)
        chain(words, from: start, to: end)
        accepting[end] = Accept(phrase: phrase, value: -1)
    }

    /// The edges in compressed rows: `rowStart[s]..<rowStart[s+1]` index `labels`/`targets`.
    func rows() -> (rowStart: [Int32], labels: [Int32], targets: [Int32]) {
        var rowStart = [Int32](repeating: 0, count: Int(stateCount) + 1)
        for from in edgeFrom { rowStart[Int(from) + 1] += 1 }
        for index in 0..<Int(stateCount) { rowStart[index + 1] += rowStart[index] }
        var fill = rowStart
        var labels = [Int32](repeating: 0, count: edgeFrom.count)
        var targets = [Int32](repeating: 0, count: edgeFrom.count)
        for index in edgeFrom.indices {
            let slot = Int(fill[Int(edgeFrom[index])])
            fill[Int(edgeFrom[index])] += 1
            labels[slot] = edgeLabel[index]
            targets[slot] = edgeTo[index]
        }
        return (rowStart, labels, targets)
    }

    var edgeCount: Int { edgeFrom.count }
}
