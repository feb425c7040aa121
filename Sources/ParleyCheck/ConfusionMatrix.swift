/// What the acoustic check heard: per app, how often each shortcut's synthesized phrases were
/// recognized as each shortcut (or as nothing).
public struct ConfusionMatrix: Sendable, Equatable {
    /// The app's name.
    public var app: String
    /// Row and column labels: the app's shortcut titles.
    public var labels: [String]
    /// `counts[expected][heard]`; the last column counts “recognized as nothing or another app”.
    public var counts: [[Int]]

    public init(app: String, labels: [String]) {
        self.app = app
        self.labels = labels
        counts = Array(repeating: Array(repeating: 0, count: labels.count + 1), count: labels.count)
    }

    /// Adds one trial: `expected` shortcut heard as `heard` (nil: nothing, or another app).
    public mutating func record(expected: Int, heard: Int?) {
        counts[expected][heard ?? labels.count] += 1
    }

    /// The share of trials of `expected` heard as itself.
    public func accuracy(of expected: Int) -> Double {
        let total = counts[expected].reduce(0, +)
        return total == 0 ? 1 : Double(counts[expected][expected]) / Double(total)
    }
}
