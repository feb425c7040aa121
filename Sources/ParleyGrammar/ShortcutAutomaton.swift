/// The deterministic automaton of a whole phrase table: one state per set of phrase positions
/// reachable by the same words (subset construction over `PhraseNFA`). Matching walks it one
/// token at a time; collision proof reads its accepting states; grammars for speech derive from
/// it too. States are numbered in breadth-first order, so the recorded parent of each state
/// spells a shortest utterance reaching it.
public struct ShortcutAutomaton: Sendable {
    private var transitionStart: [Int32] = [0]
    private var transitionLabels: [Int32] = []
    private var transitionTargets: [Int32] = []
    private var acceptStart: [Int32] = [0]
    private var acceptList: [Accept] = []
    private var parent: [Int32] = []
    private var parentLabel: [Int32] = []

    /// The start state.
    public let start: Int32 = 0
    public var stateCount: Int { parent.count }
    public var transitionCount: Int { transitionLabels.count }

    init(_ nfa: PhraseNFA) {
        let (rowStart, labels, targets) = nfa.rows()
        var mark = [UInt32](repeating: 0, count: Int(nfa.stateCount))
        var generation: UInt32 = 0
        var stack: [Int32] = []

        /// The states reachable from `seeds` through ε-edges, sorted.
        func closure(_ seeds: [Int32]) -> [Int32] {
            generation += 1
            var result: [Int32] = []
            stack.removeAll(keepingCapacity: true)
            for seed in seeds where mark[Int(seed)] != generation {
                mark[Int(seed)] = generation
                stack.append(seed)
            }
            while let state = stack.popLast() {
                result.append(state)
                for edge in Int(rowStart[Int(state)])..<Int(rowStart[Int(state) + 1]) where labels[edge] == PhraseNFA.epsilon {
                    let target = targets[edge]
                    if mark[Int(target)] != generation {
                        mark[Int(target)] = generation
                        stack.append(target)
                    }
                }
            }
            result.sort()
            return result
        }

        var index: [[Int32]: Int32] = [:]
        var subsets: [[Int32]] = []
        let first = closure(nfa.starts)
        index[first] = 0
        subsets.append(first)
        parent.append(-1)
        parentLabel.append(-1)
        var current = 0
        var buckets: [Int32: [Int32]] = [:]
        while current < subsets.count {
            let subset = subsets[current]
            buckets.removeAll(keepingCapacity: true)
            for state in subset {
                for edge in Int(rowStart[Int(state)])..<Int(rowStart[Int(state) + 1]) where labels[edge] != PhraseNFA.epsilon {
                    buckets[labels[edge], default: []].append(targets[edge])
                }
                if let accept = nfa.accepting[state] { acceptList.append(accept) }
            }
            acceptStart.append(Int32(acceptList.count))
            for label in buckets.keys.sorted() {
                let target = closure(buckets[label] ?? [])
                let id: Int32
                if let known = index[target] {
                    id = known
                } else {
                    id = Int32(subsets.count)
                    index[target] = id
                    subsets.append(target)
                    parent.append(Int32(current))
                    parentLabel.append(label)
                }
                transitionLabels.append(label)
                transitionTargets.append(id)
            }
            transitionStart.append(Int32(transitionLabels.count))
            subsets[current] = []  // no longer needed; keep memory flat
            current += 1
        }
    }

    /// The state reached from `state` by reading `token`, or nil.

    public func next(_ state: Int32, _ token: Int32) -> Int32? {
        var low = Int(transitionStart[Int(state)])
        var high = Int(transitionStart[Int(state) + 1])
        while low < high {
            let middle = (low + high) >> 1
            let label = transitionLabels[middle]
            if label == token { return transitionTargets[middle] }
            if label < token { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The state reached by reading all of `tokens` from the start, or nil.
    public func run(_ tokens: some Sequence<Int32>) -> Int32? {
        var state = start
        for token in tokens {
            guard let next = next(state, token) else { return nil }
            state = next
        }
        return state
    }

    /// The phrases (and slot values) accepted in `state`.
    public func accepts(_ state: Int32) -> ArraySlice<Accept> {
        acceptList[Int(acceptStart[Int(state)])..<Int(acceptStart[Int(state) + 1])]
    }

    /// A shortest token sequence from the start to `state`.
    public func shortestPath(to state: Int32) -> [Int32] {
        var path: [Int32] = []
        var current = state
        while current > 0 {
            path.append(parentLabel[Int(current)])
            current = parent[Int(current)]
        }
        return path.reversed()
    }

    /// Every state that accepts something.
    public var acceptingStates: [Int32] {
        (0..<Int32(stateCount)).filter { acceptStart[Int($0)] < acceptStart[Int($0) + 1] }
    }

    /// The transitions out of `state` as (token, target) pairs, in token order.
    public func transitions(from state: Int32) -> [(token: Int32, target: Int32)] {
        (Int(transitionStart[Int(state)])..<Int(transitionStart[Int(state) + 1])).map {
            (transitionLabels[$0], transitionTargets[$0])
        }
    }
}
