import Testing
import ParleyGrammar

@Suite("Text normalizer")
struct TextNormalizerTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var tokens: [String]
        var testDescription: String { text }
        init(_ text: String, _ tokens: [String]) {
            self.text = text
            self.tokens = tokens
        }
    }

    static let cases: [Case] = [
        // Case and punctuation.
        Case("Order Soup WITH Soup Chef", ["order", "soup", "with", "soup", "chef"]),
        Case("Hello, world! How are you?", ["hello", "world", "how", "are", "you"]),
        Case("  spaced\tout \n words  ", ["spaced", "out", "words"]),
        Case("“Quoted” (words) [here] {too}", ["quoted", "words", "here", "too"]),
        Case("CAFÉ Crème", ["café", "crème"]),
        Case("", []),
        Case("?!.,;", []),
        Case("salt & pepper", ["salt", "and", "pepper"]),
        // Apostrophes inside words vanish, straight or curly.
        Case("I'd like that", ["id", "like", "that"]),
        Case("I’d like that", ["id", "like", "that"]),
        Case("what's on", ["whats", "on"]),
        Case("Soup Chef’s soup", ["soup", "chefs", "soup"]),
        Case("'quoted'", ["quoted"]),
        // Hyphens separate words.
        Case("take-out", ["take", "out"]),
        Case("Soup-Chef", ["soup", "chef"]),
        // Digits and number words are one token.
        Case("6", ["6"]),
        Case("six", ["6"]),
        Case("Six", ["6"]),
        Case("zero", ["0"]),
        Case("ten", ["10"]),
        Case("nineteen", ["19"]),
        Case("twenty", ["20"]),
        Case("twenty one", ["21"]),
        Case("twenty-one", ["21"]),
        Case("21", ["21"]),
        Case("ninety nine", ["99"]),
        Case("one hundred", ["100"]),
        Case("one hundred and five", ["105"]),
        Case("one hundred five", ["105"]),
        Case("a hundred and twenty three", ["a", "hundred", "and", "23"]),
        Case("three hundred forty-two", ["342"]),
        Case("eleven hundred", ["1100"]),
        Case("one thousand", ["1000"]),
        Case("1,000", ["1000"]),
        Case("12,345,678", ["12345678"]),
        Case("two thousand twenty", ["2020"]),
        Case("two thousand and twenty", ["2020"]),
        Case("2020", ["2020"]),
        Case("three thousand four hundred and fifty six", ["3456"]),
        Case("thirty eight thousand eight hundred one", ["38801"]),
        // A run that cannot be one number stays several.
        Case("one two three", ["1", "2", "3"]),
        Case("zero one", ["0", "1"]),
        Case("twenty twenty", ["20", "20"]),
        Case("nineteen ninety", ["19", "90"]),
        Case("one and two", ["1", "and", "2"]),
        Case("five hundred and", ["500", "and"]),
        Case("hundred", ["hundred"]),
        // Decimals.
        Case("3.5", ["3.5"]),
        Case("set it to 3.5 now", ["set", "it", "to", "3.5", "now"]),
        Case("order 3.", ["order", "3"]),
        Case("version 1.2.3", ["version", "1.2.3"]),
        // Numbers among words.
        Case("Order 6 soups", ["order", "6", "soups"]),
        Case("order six soups", ["order", "6", "soups"]),
        Case("order twenty one soups with soup chef", ["order", "21", "soups", "with", "soup", "chef"]),
    ]

    @Test(arguments: cases)
    func normalizes(_ expected: Case) {
        #expect(TextNormalizer.tokens(expected.text) == expected.tokens)
    }

    /// English number words for 0…9999, written independently of the normalizer.
    static func words(_ number: Int, and: Bool = false, hyphen: Bool = false) -> String {
        let units = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                     "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
        let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
        func below100(_ n: Int) -> String {
            if n < 20 { return units[n] }
            return n % 10 == 0 ? tens[n / 10] : tens[n / 10] + (hyphen ? "-" : " ") + units[n % 10]
        }
        func below1000(_ n: Int) -> String {
            if n < 100 { return below100(n) }
            let rest = n % 100
            return units[n / 100] + " hundred" + (rest == 0 ? "" : (and ? " and " : " ") + below100(rest))
        }
        if number < 1000 { return below1000(number) }
        let rest = number % 1000
        return below100(number / 1000) + " thousand" + (rest == 0 ? "" : (and ? " and " : " ") + below1000(rest))
    }

    @Test func everyNumberBelowTenThousandSpelledOutIsItsDigits() {
        for number in 0..<10_000 {
            for (and, hyphen) in [(false, false), (true, false), (false, true), (true, true)] {
                let text = Self.words(number, and: and, hyphen: hyphen)
                #expect(TextNormalizer.tokens(text) == [String(number)], "“\(text)”")
            }
            #expect(TextNormalizer.tokens(String(number)) == [String(number)])
        }
    }

    @Test func digitsAndWordsAgreeInsideSentences() {
        for number in [0, 1, 7, 12, 21, 40, 99, 100, 105, 999, 1000, 2020] {
            let spelled = TextNormalizer.tokens("set the timer to \(Self.words(number)) minutes please")
            let digits = TextNormalizer.tokens("Set the timer to \(number) minutes, please!")
            #expect(spelled == digits)
            #expect(spelled == ["set", "the", "timer", "to", String(number), "minutes", "please"])
        }
    }

    @Test func normalizingTwiceChangesNothing() {
        for text in Self.cases.map(\.text) {
            let once = TextNormalizer.tokens(text)
            #expect(TextNormalizer.tokens(once.joined(separator: " ")) == once, "“\(text)”")
        }
    }
}
