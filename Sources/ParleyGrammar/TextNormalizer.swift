/// Turns text into the tokens that matching compares: lower case, punctuation dropped,
/// apostrophes removed inside words (“I'd” → `id`), and numbers written as digits whether
/// they were spoken as words or not (“twenty one” → `21`, “6” → `6`).
///
/// Templates and utterances go through the same function, so “6” and “six” are one token.
public enum TextNormalizer {
    /// The normalized tokens of `text`.
    public static func tokens(_ text: String) -> [String] {
        combineNumbers(rawWords(text))
    }

    /// Lower-cased words with punctuation removed, before numbers are combined.
    static func rawWords(_ text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        func flush() {
            if !current.isEmpty { words.append(String(current)) }
            current = String.UnicodeScalarView()
        }
        for (index, scalar) in scalars.enumerated() {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                if scalar.isASCII {
                    let value = scalar.value
                    current.append(value >= 65 && value <= 90 ? Unicode.Scalar(UInt8(value + 32)) : scalar)
                } else {
                    current.append(contentsOf: String(scalar).lowercased().unicodeScalars)
                }
                continue
            }
            let previousIsDigit = index > 0 && scalars[index - 1].properties.numericType != nil
            let nextIsDigit = index + 1 < scalars.count && scalars[index + 1].properties.numericType != nil
            switch scalar {
            case "'", "’", "ʼ":
                continue  // an apostrophe joins (“what's” → whats) or, at a word's edge, is dropped
            case "." where previousIsDigit && nextIsDigit:
                current.append(scalar)  // decimal point
            case "," where previousIsDigit && nextIsDigit:
                continue  // thousands separator
            case "&":
                flush()
                words.append("and")
            default:
                flush()
            }
        }
        flush()
        return words
    }

    private enum Kind { case zero, unit, teen, tens, hundred, thousand }

    private static let values: [String: (Int, Kind)] = {
        var table: [String: (Int, Kind)] = ["zero": (0, .zero), "hundred": (100, .hundred), "thousand": (1000, .thousand)]
        let units = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
        for (index, word) in units.enumerated() { table[word] = (index + 1, .unit) }
        let teens = ["ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
        for (index, word) in teens.enumerated() { table[word] = (index + 10, .teen) }
        let tens = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
        for (index, word) in tens.enumerated() { table[word] = ((index + 2) * 10, .tens) }
        return table
    }()

    /// Replaces each run of number words by its digits (“one hundred and five” → `105`).
    static func combineNumbers(_ words: [String]) -> [String] {
        var out: [String] = []
        out.reserveCapacity(words.count)
        var index = 0
        while index < words.count {
            guard let (first, kind) = values[words[index]], kind != .hundred, kind != .thousand else {
                out.append(words[index])
                index += 1
                continue
            }
            var total = 0
            var current = first
            var last = kind
            index += 1
            while index < words.count, last != .zero {
                let word = words[index]
                if word == "and", last == .hundred || last == .thousand, index + 1 < words.count,
                   let (_, nextKind) = values[words[index + 1]], [.unit, .teen, .tens].contains(nextKind) {
                    index += 1
                    continue
                }
                guard let (value, next) = values[word] else { break }
                var accepted = true
                switch (next, last) {
                case (.unit, .tens), (.unit, .hundred), (.unit, .thousand),
                     (.teen, .hundred), (.teen, .thousand), (.tens, .hundred), (.tens, .thousand):
                    current += value
                case (.hundred, .unit), (.hundred, .teen):
                    if current < 100 { current *= 100 } else { accepted = false }
                case (.thousand, .unit), (.thousand, .teen), (.thousand, .tens), (.thousand, .hundred):
                    if total == 0 {
                        total = current * 1000
                        current = 0
                    } else {
                        accepted = false
                    }
                default:
                    accepted = false
                }
                guard accepted else { break }
                last = next
                index += 1
            }
            out.append(String(total + current))
        }
        return out
    }
}
