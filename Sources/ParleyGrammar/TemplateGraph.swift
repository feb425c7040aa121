import ParleyTable

/// A phrase template as a small acyclic graph over tokens, before `{app}` and the slot are
/// expanded: node 0 is the start, `end` the end. Every node lies on a path from start to end.
public struct TemplateGraph: Sendable {
    public enum Label: Hashable, Sendable {
        case epsilon
        case token(Int32)
        /// `{app}`: any of the app's spoken names.
        case app
        /// `{param}`: any spoken value of the phrase's one parameter.
        case slot
    }

    public struct Edge: Hashable, Sendable {
        public var label: Label
        public var target: Int32
    }

    public private(set) var edges: [[Edge]] = [[]]
    public private(set) var end: Int32 = 0

    /// Builds the graph of `template`, interning its words. Any placeholder other than `{app}`
    /// is the slot (a template reaches here only with at most one).
    public init(_ template: Template, vocabulary: inout Vocabulary) {
        end = build(template.items, from: 0, vocabulary: &vocabulary)
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
                connect(current, name == "app" ? .app : .slot, next)
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
    /// (or as nothing when `appForms` is nil); the slot reads as one of `slotForms`.
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
