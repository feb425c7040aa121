import ParleyGrammar
import ParleyTable

/// Phones of a normalized token (CMU phone set, no stress), or nil when unknown.
public protocol PhoneticTranscriber {
    func phones(of token: String) -> [String]?
}

/// `sound-alike`: things that differ in text but sound nearly the same (`PhoneDistance`).
/// Three places are compared, none by all pairs of expansions:
/// - app names and synonyms of different apps, as candidates from an index of phone bigrams;
/// - the values of one parameter (titles and synonyms of different cases or options);
/// - utterances of different shortcuts of one app (across apps utterances differ by the app's
///   name, which the first comparison covers). A slot with at most `slotValuesExpanded` values is
///   expanded; a larger one is compared as the slot itself.
public enum SoundAlikeRule {
    public static let slotValuesExpanded = 8
    public static let expansionsPerPhrase = 64

    public static func check(_ compiled: CompiledTable, transcriber: some PhoneticTranscriber) -> [Diagnostic] {
        var cache: [String: [String]?] = [:]
        func phones(_ words: [String]) -> [String]? {
            var result: [String] = []
            for word in words {
                let known: [String]?
                if let cached = cache[word] { known = cached } else {
                    known = transcriber.phones(of: word)
                    cache[word] = known
                }
                guard let known else { return nil }
                result += known
            }
            return result
        }
        return names(compiled, phones) + values(compiled, phones) + utterances(compiled, phones)
    }

    static func finding(_ what: String, _ a: String, _ b: String, _ cost: Double, _ places: [SourceLocation]) -> Diagnostic {
        let distance = (cost * 100).rounded() / 100
        return Diagnostic(
            rule: Rule.soundAlike, severity: .warning,
            message: "\(what) “\(a)” and “\(b)” sound nearly the same (phone distance \(distance))",
            at: places[0], related: Array(places.dropFirst()), example: a,
            help: "people and recognizers will mix them up; change one so it sounds different")
    }

    /// App names and synonyms of different apps.
    static func names(_ compiled: CompiledTable, _ phones: ([String]) -> [String]?) -> [Diagnostic] {
        struct Name { var app: Int; var text: String; var tokens: [String]; var phones: [String]; var place: SourceLocation }
        var all: [Name] = []
        for (index, app) in compiled.table.apps.enumerated() {
            for name in app.spokenNames {
                let tokens = TextNormalizer.tokens(name.value)
                guard let sounds = phones(tokens), !sounds.isEmpty else { continue }
                all.append(Name(app: index, text: name.value, tokens: tokens, phones: sounds, place: name.location))
            }
        }
        var findings: [Diagnostic] = []
        for (a, b) in candidatePairs(all.map(\.phones)) {
            let first = all[a], second = all[b]
            guard first.app != second.app, first.tokens != second.tokens,
                  let cost = PhoneDistance.soundAlike(first.phones, second.phones) else { continue }
            findings.append(finding("the app names", first.text, second.text, cost, [first.place, second.place]))
        }
        return findings
    }

    /// Pairs of indexes whose phone sequences share a bigram (or are both very short), each once.
    static func candidatePairs(_ sequences: [[String]]) -> [(Int, Int)] {
        var index: [String: [Int]] = [:]
        var short: [Int] = []
        for (position, phones) in sequences.enumerated() {
            if phones.count < 3 { short.append(position) }
            var seen: Set<String> = []
            for pair in zip(phones, phones.dropFirst()) where seen.insert("\(pair.0) \(pair.1)").inserted {
                index["\(pair.0) \(pair.1)", default: []].append(position)
            }
        }
        var pairs: Set<[Int]> = []
        for postings in index.values {
            // A bigram shared by very many names says little; skip it rather than pair them all.
            guard postings.count <= 64 else { continue }
            for (offset, a) in postings.enumerated() {
                for b in postings.dropFirst(offset + 1) { pairs.insert([a, b]) }
            }
        }
        for (offset, a) in short.enumerated() {
            for b in short.dropFirst(offset + 1) { pairs.insert([a, b]) }
        }
        return pairs.map { ($0[0], $0[1]) }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
    }

    /// The values of each parameter (each domain once).
    static func values(_ compiled: CompiledTable, _ phones: ([String]) -> [String]?) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for app in compiled.table.apps {
            var seenTypes: Set<String> = []
            for intent in app.intents {
                for parameter in intent.parameters {
                    var forms: [(id: String, text: String, place: SourceLocation)] = []
                    if case .custom(let name) = parameter.type.value, let type = app.type(named: name), seenTypes.insert(name).inserted {
                        forms = type.cases.flatMap { item in item.spokenForms.map { (item.id, $0.value, $0.location) } }
                    } else if case .list(let options) = parameter.options {
                        forms = options.map { ($0.value, $0.value, $0.location) }
                    }
                    let sounds = forms.map { phones(TextNormalizer.tokens($0.text)) }
                    for i in forms.indices {
                        for j in forms.indices where j > i && forms[i].id != forms[j].id {
                            guard let a = sounds[i], let b = sounds[j], TextNormalizer.tokens(forms[i].text) != TextNormalizer.tokens(forms[j].text),
                                  let cost = PhoneDistance.soundAlike(a, b) else { continue }
                            findings.append(finding("the values", forms[i].text, forms[j].text, cost, [forms[i].place, forms[j].place]))
                        }
                    }
                }
            }
        }
        return findings
    }

    /// Utterances of different shortcuts of the same app.
    static func utterances(_ compiled: CompiledTable, _ phones: ([String]) -> [String]?) -> [Diagnostic] {
        struct Said { var shortcut: Int; var text: String; var phones: [String]; var place: SourceLocation }
        var byApp: [Int: [Said]] = [:]
        for phrase in compiled.phrases {
            let shortcut = compiled.shortcuts[phrase.shortcut]
            let appName = TextNormalizer.tokens(compiled.table.apps[shortcut.app].name.value)
            for expansion in UtteranceExpansion.expansions(of: phrase, in: compiled, appName: appName,
                                                           valuesUpTo: slotValuesExpanded, limit: expansionsPerPhrase) {
                var sounds: [String] = []
                var known = true
                for word in expansion {
                    if word.hasPrefix("{") { sounds.append(word) } else if let p = phones([word]) { sounds += p } else { known = false }
                }
                guard known else { continue }
                byApp[shortcut.app, default: []].append(
                    Said(shortcut: phrase.shortcut, text: expansion.joined(separator: " "), phones: sounds, place: phrase.location))
            }
        }
        var findings: [Diagnostic] = []
        var reported: Set<[Int]> = []
        for said in byApp.values {
            for (a, b) in candidatePairs(said.map(\.phones)) {
                let first = said[a], second = said[b]
                guard first.shortcut != second.shortcut, first.text != second.text,
                      reported.insert([min(first.shortcut, second.shortcut), max(first.shortcut, second.shortcut)]).inserted,
                      let cost = PhoneDistance.soundAlike(first.phones, second.phones) else { continue }
                findings.append(finding("the utterances", first.text, second.text, cost, [first.place, second.place]))
            }
        }
        return findings
    }
}
