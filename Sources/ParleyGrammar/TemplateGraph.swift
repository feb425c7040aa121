import ParleyTable

/// A phrase template as a small acyclic graph over tokens, before `{app}` and the slot are
/// expanded: node 0 is the start, `end` the end. Every node lies on a path from start to end.
public struct TemplateGraph: Sendable {
    public enum Label: Hashable, Sendable {
        case epsilon
        case token(Int32)
        /// `{app}`: any of the app's spoken names.
        case app
        /// `{param}`: any spoken value of the template's slot with this index (placeholders other
        /// than `{app}`, numbered in order of appearance).
        case slot(Int32)
    }

    public struct Edge: Hashable, Sendable {
        public var label: Label
        public var target: Int32
    }

    public private(set) var edges: [[Edge]] = [[]]
    public private(set) var end: Int32 = 0

    /// The names of the slots, by slot index.
    public private(set) var slotNames: [String] = []

    /// Builds the graph of `template`, interning its words. Every placeholder other than `{app}`
    /// is a slot; a name used twice is one slot.
    public init(_ template: Template, vocabulary: inout Vocabulary) {
        end = build(template.items, from: 0, vocabulary: &vocabulary)
        joinSplitNumbers(vocabulary: &vocabulary)
    }

    /// Words normalize together only when adjacent in the text, but a number can be split by a
    /// group: “(twenty | thirty) [five]”. An utterance says it as one number (25), so add an
    /// edge for every pair of number edges, ε between them allowed, that combine the way
    /// `TextNormalizer` combines words (tens + unit, hundreds + tens, thousands + hundreds).
    private mutating func joinSplitNumbers(vocabulary: inout Vocabulary) {
        func number(_ label: Label) -> Int? {
            if case .token(let id) = label, let value = Int(vocabulary.words[Int(id)]) { return value }
            return nil
        }
        func combined(_ first: Int, _ second: Int) -> Int? {
            if first >= 20, first <= 90, first % 10 == 0, second >= 1, second <= 9 { return first + second }
            if first >= 100, first % 100 == 0, first < 1000, second >= 1, second < 100 { return first + second }
            if first >= 1000, first % 1000 == 0, second >= 1, second < 1000 { return first + second }
            return nil
        }
        func closure(_ node: Int32) -> [Int32] {
            var seen: Set<Int32> = [node]
            var stack = [node]
            while let current = stack.popLast() {
                for edge in edges[Int(current)] where edge.label == .epsilon && seen.insert(edge.target).inserted {
                    stack.append(edge.target)
                }
            }
            return Array(seen)
        }
        for _ in 0..<3 {
            var added = false
            for node in edges.indices {
                for first in edges[node] {
                    guard let a = number(first.label) else { continue }
                    for middle in closure(first.target) {
                        for second in edges[Int(middle)] {
                            guard let b = number(second.label), let sum = combined(a, b) else { continue }
                            let edge = Edge(label: .token(vocabulary.intern(String(sum))), target: second.target)
                            if !edges[node].contains(edge) {
                                edges[node].append(edge)
                                added = true
                            }
                        }
                    }
                }
            }
            if !added { break }
        }
    }

    private mutating func slotIndex(_ name: String) -> Int32 {
        if let index = slotNames.firstIndex(of: name) { return Int32(index) }
        slotNames.append(name)
        return Int32(slotNames.count - 1)
    }

    private mutating func newNode() -> Int32 {
        edges.append([])
        return Int32(edges.count - 1)
    }

    private mutating func connect(_ from: Int32, _ label: Label, _ to: Int32) {
        edges[Int(from)].append(Edge(label: label, target: to))
    }

    private mutating func build(_ items: [TemplateItem], from start: Int32, vocabulary: inout Vocabulary) -> Int32 {
        var current = start
        var pendingWords: [String] = []
        func flushWords(_ graph: inout TemplateGraph) {
            guard !pendingWords.isEmpty else { return }
            // Adjacent words normalize together so that “twenty one” becomes the one token 21.
            for token in TextNormalizer.tokens(pendingWords.joined(separator: " ")) {
                let next = graph.newNode()
                graph.connect(current, .token(vocabulary.intern(token)), next)
                current = next
            }
            pendingWords = []
        }
        for item in items {
            if case .word(let word, _) = item {
                pendingWords.append(word)
                continue
            }
            flushWords(&self)
            switch item {
            case .word: break
            case .placeholder(let name, _):
                let next = newNode()
                connect(current, name == "app" ? .app : .slot(slotIndex(name)), next)
                current = next
            case .alternatives(let branches, _):
                let join = newNode()
                for branch in branches {
                    connect(build(branch, from: current, vocabulary: &vocabulary), .epsilon, join)
                }
                current = join
            case .optional(let branches, _):
                let join = newNode()
                connect(current, .epsilon, join)
                for branch in branches {
                    connect(build(branch, from: current, vocabulary: &vocabulary), .epsilon, join)
                }
                current = join
            }
        }
        flushWords(&self)
        return current
    }

    /// The most words any expansion has, not counting `{app}` and the slot.
    public var longestWordCount: Int {
        // Longest path to the end, memoized per node. Node numbers are not a topological order
        // (a group's join node is made before its branches), so recurse on the graph itself.
        var memo = [Int?](repeating: nil, count: edges.count)
        func longest(from node: Int) -> Int {
            if let known = memo[node] { return known }
            var best = node == Int(end) ? 0 : Int.min
            for edge in edges[node] {
                let rest = longest(from: Int(edge.target))
                guard rest != Int.min else { continue }
                let step = if case .token = edge.label { 1 } else { 0 }
                best = Swift.max(best, rest + step)
            }
            memo[node] = best
            return best
        }
        return Swift.max(longest(from: 0), 0)
    }

    /// Whether some expansion, read from any node, starts with `tokens` (`anywhere`), or
    /// whether some whole expansion is exactly `tokens`. `{app}` reads as one of `appForms`
    /// (or as nothing when `appForms` is nil); every slot reads as one of `slotForms`.
    public func reads(
        _ tokens: [Int32], anywhere: Bool, appForms: [[Int32]]?, slotForms: [[Int32]]
    ) -> Bool {
        var frontier: Set<Pair> = anywhere
            ? Set(edges.indices.map { Pair(node: Int32($0), read: 0) })
            : [Pair(node: 0, read: 0)]
        var seen = frontier
        while let pair = frontier.popFirst() {
            if pair.read == tokens.count, anywhere || pair.node == end { return true }
            for edge in edges[Int(pair.node)] {
                var nextReads: [Int] = []
                switch edge.label {
                case .epsilon: nextReads = [pair.read]
                case .token(let id):
                    if pair.read < tokens.count, tokens[pair.read] == id { nextReads = [pair.read + 1] }
                case .app:
                    if let appForms {
                        nextReads = appForms.compactMap { Self.consume($0, from: pair.read, of: tokens) }
                    } else {
                        nextReads = [pair.read]
                    }
                case .slot:
                    nextReads = slotForms.compactMap { Self.consume($0, from: pair.read, of: tokens) }
                }
                for read in nextReads {
                    let next = Pair(node: edge.target, read: read)
                    if seen.insert(next).inserted { frontier.insert(next) }
                }
            }
        }
        return false
    }

    /// One slot's value in a reading: the slot index, the value's index and the tokens it covers.
    public struct SlotReading: Hashable, Sendable {
        public var slot: Int
        public var value: Int
        public var span: Range<Int>
    }

    /// Every way the whole of `tokens` reads as an expansion (at most `limit`), with each slot's
    /// value and span. `slotValues[slot][value]` lists a value's token forms.
    public func parses(_ tokens: [Int32], appForms: [[Int32]], slotValues: [[[[Int32]]]], limit: Int = 8) -> [[SlotReading]] {
        var results: [[SlotReading]] = []
        var deadEnds: Set<Pair> = []
        var path: [SlotReading] = []
        func visit(_ node: Int32, _ position: Int) -> Bool {
            if results.count >= limit { return true }
            let here = Pair(node: node, read: position)
            if deadEnds.contains(here) { return false }
            var reachedEnd = false
            if node == end, position == tokens.count {
                results.append(path)
                reachedEnd = true
            }
            for edge in edges[Int(node)] {
                switch edge.label {
                case .epsilon:
                    if visit(edge.target, position) { reachedEnd = true }
                case .token(let id):
                    if position < tokens.count, tokens[position] == id, visit(edge.target, position + 1) { reachedEnd = true }
                case .app:
                    for form in appForms {
                        if let next = Self.consume(form, from: position, of: tokens), visit(edge.target, next) { reachedEnd = true }
                    }
                case .slot(let slot):
                    guard Int(slot) < slotValues.count else { continue }
                    for (value, forms) in slotValues[Int(slot)].enumerated() {
                        for form in forms {
                            guard let next = Self.consume(form, from: position, of: tokens) else { continue }
                            path.append(SlotReading(slot: Int(slot), value: value, span: position..<next))
                            if visit(edge.target, next) { reachedEnd = true }
                            path.removeLast()
                        }
                    }
                }
            }
            if !reachedEnd { deadEnds.insert(here) }
            return reachedEnd
        }
        _ = visit(0, 0)
        return results
    }

    private struct Pair: Hashable {
        var node: Int32
        var read: Int
    }

    /// Where reading `form` at `position` of `tokens` ends, or nil when the tokens differ.
    private static func consume(_ form: [Int32], from position: Int, of tokens: [Int32]) -> Int? {
        guard position + form.count <= tokens.count else { return nil }
        for (offset, id) in form.enumerated() where tokens[position + offset] != id { return nil }
        return position + form.count
    }
}
