import ParleyGrammar
import ParleyRandom
import ParleyTable

/// An utterance made from a table, with what it should start.
public struct SampledUtterance: Sendable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// One expansion of a phrase, exactly.
        case plain
        /// An expansion with politeness words around it (“please …”, “… thanks”).
        case filler
        /// Words that start nothing: an unknown word, the words reversed, or a phrase cut short.
        case unmatched
    }

    public var text: String
    public var kind: Kind
    /// The app (index in the table) and shortcut (index in the app) it was made from.
    public var app: Int
    public var shortcut: Int
    /// The value spoken in the slot, when the phrase has one.
    public var value: ParameterValue?

    /// Whether `matches` include the shortcut and value this utterance was made from (for an
    /// unmatched one: whether nothing matched).
    public func isAnswered(by matches: [ShortcutMatch]) -> Bool {
        if kind == .unmatched { return matches.isEmpty }
        return matches.contains { $0.appIndex == app && $0.shortcutIndex == shortcut && $0.spoken?.value == value }
    }
}

/// Makes utterances that start known shortcuts by expanding the phrases of a loaded table at
/// random: one branch of each `(a | b)`, each `[optional]` part in or out, `{app}` as the
/// app's name or a synonym, and the slot as one of its values (numbers as digits or words).
/// The same table and seed give the same utterances.
public struct UtteranceSampler {
    private struct Entry {
        var app: Int
        var shortcut: Int
        var template: Template
        var domain: SlotDomain?
    }

    private let table: PhraseTable
    private var entries: [Entry] = []
    private var random: SplitMix64

    /// Prepares every phrase of `table` that parses and whose slot lists its values.
    public init(table: PhraseTable, seed: UInt64) {
        self.table = table
        random = SplitMix64(seed: seed)
        for (appIndex, app) in table.apps.enumerated() {
            for (shortcutIndex, shortcut) in app.shortcuts.enumerated() {
                guard let intent = app.intent(withID: shortcut.intent.value) else { continue }
                for phrase in shortcut.phrases {
                    guard let template = try? TemplateParser.parse(phrase.value) else { continue }
                    let slots = template.placeholders.filter { $0.name != "app" }
                    guard slots.count <= 1 else { continue }
                    var domain: SlotDomain?
                    if let slot = slots.first {
                        guard let parameter = intent.parameter(named: slot.name),
                              case .success(let values) = SlotDomain.of(parameter, in: app),
                              !values.values.isEmpty else { continue }
                        domain = values
                    }
                    entries.append(Entry(app: appIndex, shortcut: shortcutIndex, template: template, domain: domain))
                }
            }
        }
    }

    /// How many phrases utterances are made from.
    public var phraseCount: Int { entries.count }

    /// One utterance of `kind` (nil when the table has no usable phrase).
    public mutating func next(_ kind: SampledUtterance.Kind = .plain) -> SampledUtterance? {
        guard !entries.isEmpty else { return nil }
        let entry = random.pick(entries)
        var words: [String] = []
        var value: ParameterValue?
        render(entry.template.items, entry: entry, into: &words, value: &value)
        var sample = SampledUtterance(text: "", kind: kind, app: entry.app, shortcut: entry.shortcut, value: value)
        switch kind {
        case .plain: break
        case .filler:
            let lead = random.chance(0.5) ? [random.pick(["please", "hey", "can you", "could you please", "i want to"])] : []
            let tail = lead.isEmpty || random.chance(0.3) ? [random.pick(["please", "thanks", "thank you", "now"])] : []
            words = lead + words + tail
        case .unmatched:
            switch random.int(in: 0..<3) {
            case 0: words[random.int(in: 0..<words.count)] = "xyzzy"
            case 1: words.reverse()
            default: words = Array(words.dropLast())
            }
        }
        sample.text = words.joined(separator: " ")
        if random.chance(0.2) { sample.text = sample.text.prefix(1).uppercased() + sample.text.dropFirst() }
        return sample
    }

    private mutating func render(_ items: [TemplateItem], entry: Entry, into words: inout [String], value: inout ParameterValue?) {
        for item in items {
            switch item {
            case .word(let word, _): words.append(word)
            case .placeholder(let name, _):
                if name == "app" {
                    words.append(random.pick(table.apps[entry.app].spokenNames).value)
                } else if let domain = entry.domain {
                    let spoken = random.pick(domain.values)
                    value = spoken.value
                    if case .integer(let number) = spoken.value, random.chance(0.4) {
                        words.append(NumberWords.spell(number))
                    } else {
                        words.append(random.pick(spoken.forms).joined(separator: " "))
                    }
                }
            case .alternatives(let branches, _):
                render(random.pick(branches), entry: entry, into: &words, value: &value)
            case .optional(let branches, _):
                if random.chance(0.5) { render(random.pick(branches), entry: entry, into: &words, value: &value) }
            }
        }
    }
}

/// English number words for 0…999 999 (“twenty one”), the way people say slot numbers.
enum NumberWords {
    private static let small = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
    ]
    private static let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

    static func spell(_ number: Int) -> String {
        guard number >= 0, number < 1_000_000 else { return String(number) }
        if number < 20 { return small[number] }
        if number < 100 { return number % 10 == 0 ? tens[number / 10] : "\(tens[number / 10]) \(small[number % 10])" }
        if number < 1000 {
            return number % 100 == 0 ? "\(small[number / 100]) hundred" : "\(small[number / 100]) hundred \(spell(number % 100))"
        }
        return number % 1000 == 0 ? "\(spell(number / 1000)) thousand" : "\(spell(number / 1000)) thousand \(spell(number % 1000))"
    }
}
