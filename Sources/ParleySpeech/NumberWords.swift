/// Spells a digit token the way people say it (`21` → “twenty one”, `38801` → “thirty eight
/// thousand eight hundred one”, `2.5` → “two point five”), so its pronunciation can be put
/// together from dictionary words. `TextNormalizer` turns those words back into the same token.
enum NumberWords {
    private static let units = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                                "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
                                "seventeen", "eighteen", "nineteen"]
    private static let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

    /// The words of a token made of digits (with at most one decimal point), or nil.
    static func words(_ token: String) -> [String]? {
        guard !token.isEmpty, token.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else { return nil }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, !whole.isEmpty else { return nil }
        var words: [String]
        if whole.count > 1, whole.first == "0" || whole.count > 12 {
            words = whole.compactMap { $0.wholeNumberValue.map { units[$0] } }  // “007”: digit by digit
        } else if let value = Int(whole) {
            words = spell(value)
        } else {
            return nil
        }
        if parts.count == 2 {
            guard !parts[1].isEmpty else { return nil }
            words += ["point"] + parts[1].compactMap { $0.wholeNumberValue.map { units[$0] } }
        }
        return words
    }

    /// English words for 0…999,999,999,999 (American style, no “and”).
    static func spell(_ value: Int) -> [String] {
        guard value > 0 else { return ["zero"] }
        var words: [String] = []
        var rest = value
        for (size, name) in [(1_000_000_000, "billion"), (1_000_000, "million"), (1_000, "thousand")] where rest >= size {
            words += belowThousand(rest / size) + [name]
            rest %= size
        }
        if rest > 0 { words += belowThousand(rest) }
        return words
    }

    private static func belowThousand(_ value: Int) -> [String] {
        var words: [String] = []
        var rest = value
        if rest >= 100 {
            words += [units[rest / 100], "hundred"]
            rest %= 100
        }
        if rest >= 20 {
            words.append(tens[rest / 10])
            rest %= 10
            if rest > 0 { words.append(units[rest]) }
        } else if rest > 0 {
            words.append(units[rest])
        }
        return words
    }
}
