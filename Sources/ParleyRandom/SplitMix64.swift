import Foundation

/// A small seeded random number generator (SplitMix64, Steele, Lea & Flood 2014): the same
/// seed gives the same sequence on every platform and run, which Swift's default generator
/// does not promise. Good enough for synthetic data; not for anything secret.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `range` (modulo bias is negligible for the small ranges used here;
    /// written out so the sequence does not depend on the standard library's algorithm).
    public mutating func int(in range: Range<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// A uniform integer in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// True with probability `probability` (0…1).
    public mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    /// A uniformly chosen element of a non-empty collection.
    public mutating func pick<C: RandomAccessCollection>(_ items: C) -> C.Element {
        let offset = int(in: 0..<items.count)
        return items[items.index(items.startIndex, offsetBy: offset)]
    }

    /// `count` distinct elements of `items` in random order (all of them when fewer).
    public mutating func sample<T>(_ items: [T], count: Int) -> [T] {
        var pool = items
        var chosen: [T] = []
        while chosen.count < count, !pool.isEmpty {
            chosen.append(pool.remove(at: int(in: 0..<pool.count)))
        }
        return chosen
    }

    /// A uniform double in [0, 1) from the top 53 bits.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A standard normal deviate (Box–Muller over two uniform ones).
    public mutating func gaussian() -> Double {
        let first = max(unit(), 1e-12)
        let second = unit()
        return (-2 * log(first)).squareRoot() * cos(2 * Double.pi * second)
    }
}
