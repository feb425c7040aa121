/// How far apart two pronunciations sound: an edit distance over CMU phones (no stress) where
/// phones that are easily confused cost less to swap, and weak phones cost less to drop.
public enum PhoneDistance {
    /// Cost of replacing `a` by `b` (0 when equal, 1 for unrelated phones).
    public static func substitution(_ a: String, _ b: String) -> Double {
        if a == b { return 0 }
        for (cost, groups) in confusable {
            for group in groups where group.contains(a) && group.contains(b) { return cost }
        }
        if vowels.contains(a), vowels.contains(b) { return 0.6 }
        return 1
    }

    /// Cost of inserting or deleting a phone: weak phones (schwa, h) are often not heard.
    public static func indel(_ phone: String) -> Double {
        weak.contains(phone) ? 0.5 : 1
    }

    static let vowels: Set<String> = ["AA", "AE", "AH", "AO", "AW", "AY", "EH", "ER", "EY", "IH", "IY", "OW", "OY", "UH", "UW"]
    static let weak: Set<String> = ["AH", "HH"]
    /// Groups of phones recognizers and listeners mix up, with the cost of swapping within one.
    static let confusable: [(Double, [Set<String>])] = [
        (0.3, [["P", "B"], ["T", "D"], ["K", "G"], ["F", "V"], ["S", "Z"], ["SH", "ZH"], ["TH", "DH"], ["CH", "JH"],
               ["IH", "IY"], ["UH", "UW"], ["AA", "AO"], ["EH", "AE"], ["AH", "ER"], ["AH", "AA"], ["EH", "EY"]]),
        (0.4, [["M", "N", "NG"], ["TH", "F"], ["DH", "V"], ["S", "SH"], ["OW", "AO"]]),
        (0.6, [["L", "R"], ["W", "R"], ["Y", "IY"], ["B", "V"], ["P", "F"], ["T", "TH"], ["D", "DH"]]),
    ]

    /// The weighted edit distance of `a` and `b`, or nil once it must exceed `bound`.
    public static func distance(_ a: [String], _ b: [String], bound: Double = .infinity) -> Double? {
        if a == b { return 0 }
        var previous = [Double](repeating: 0, count: b.count + 1)
        for j in 1...max(b.count, 1) where j <= b.count { previous[j] = previous[j - 1] + indel(b[j - 1]) }
        var current = previous
        for i in 1...max(a.count, 1) where i <= a.count {
            current[0] = previous[0] + indel(a[i - 1])
            var rowBest = current[0]
            for j in stride(from: 1, through: b.count, by: 1) {
                let replace = previous[j - 1] + substitution(a[i - 1], b[j - 1])
                let delete = previous[j] + indel(a[i - 1])
                let insert = current[j - 1] + indel(b[j - 1])
                current[j] = min(replace, delete, insert)
                rowBest = min(rowBest, current[j])
            }
            if rowBest > bound { return nil }
            swap(&previous, &current)
        }
        let result = previous[b.count]
        return result > bound ? nil : result
    }

    /// Whether two different pronunciations sound nearly the same: at most one confusable swap
    /// (cost ≤ 0.6) in any length, or at most one phone's worth (≤ 1) when that is at most a
    /// quarter of the longer one.
    public static func soundAlike(_ a: [String], _ b: [String]) -> Double? {
        let longest = Double(max(a.count, b.count))
        guard longest > 0, let cost = distance(a, b, bound: max(0.6, min(1, longest / 4))) else { return nil }
        return cost <= 0.6 || cost <= longest / 4 ? cost : nil
    }
}
