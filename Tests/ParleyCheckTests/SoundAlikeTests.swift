import ParleyCheck
import ParleyGrammar
import ParleyTable
import Testing

/// A few CMU dictionary entries, stress removed: enough to test the rule without the model.
struct TinyDictionary: PhoneticTranscriber {
    static let entries: [String: String] = [
        "sole": "S OW L", "soul": "S OW L", "food": "F UW D", "tea": "T IY", "t": "T IY", "time": "T AY M",
        "order": "AO R D ER", "soup": "S UW P", "with": "W IH DH", "start": "S T AA R T", "meditation": "M EH D AH T EY SH AH N",
        "pat": "P AE T", "bat": "B AE T", "cat": "K AE T", "dog": "D AO G", "play": "P L EY", "pray": "P R EY",
        "news": "N UW Z", "music": "M Y UW Z IH K", "calm": "K AA M", "bright": "B R AY T", "night": "N AY T",
        "get": "G EH T", "from": "F R AH M", "show": "SH OW", "stats": "S T AE T S", "stops": "S T AA P S",
    ]

    func phones(of token: String) -> [String]? {
        Self.entries[token].map { $0.split(separator: " ").map(String.init) }
    }
}

private func check(_ files: [String: String]) -> [Diagnostic] {
    let apps = files.sorted { $0.key < $1.key }.compactMap { PhraseTableLoader.loadApp(file: $0.key, text: $0.value).app }
    return SoundAlikeRule.check(PhraseCompiler.compile(PhraseTable(apps: apps)), transcriber: TinyDictionary())
}

private func app(_ name: String, _ shortcuts: String = "  - intent: Go\n    phrases:\n      - Play news with {app}\n") -> String {
    "app:\n  name: \(name)\nintents:\n  Go:\n    title: Play news\nshortcuts:\n\(shortcuts)"
}

@Suite("sound-alike")
struct SoundAlikeTests {
    @Test func homophoneAppNames() {
        let found = check(["a.yaml": app("Sole Food"), "b.yaml": app("Soul Food")])
        #expect(found.map(\.rule) == ["sound-alike"])
        #expect(found.first?.message == "the app names “Sole Food” and “Soul Food” sound nearly the same (phone distance 0.0)")
        #expect(found.first?.locations.map(\.file) == ["a.yaml", "b.yaml"])
    }

    @Test func aLetterThatSoundsLikeAWord() {
        #expect(check(["a.yaml": app("Tea Time"), "b.yaml": app("T Time")]).count == 1)
    }

    @Test func oneConfusablePhoneInValues() {
        let table = """
            app:
              name: Calm
            types:
              Pet: {pat: Pat, cat: Cat, dog: Dog}
            intents:
              Go:
                title: Play news
                parameters:
                  pet: {type: Pet}
            shortcuts:
              - intent: Go
                phrases:
                  - Play news with {app}
            """
        let found = check(["a.yaml": table.replacingOccurrences(of: "cat: Cat", with: "bat: Bat")])
        #expect(found.map(\.message) == ["the values “Pat” and “Bat” sound nearly the same (phone distance 0.3)"])
        // Cat and Pat differ by one phone that is not easily confused, in a three-phone word.
        #expect(check(["a.yaml": table]).isEmpty)
    }

    @Test func utterancesOfTwoShortcutsOfOneApp() {
        let shortcuts = """
              - intent: Go
                phrases:
                  - Play news with {app}
              - intent: Go
                title: Pray news
                phrases:
                  - Pray news with {app}
            """
        let found = check(["a.yaml": app("Calm", shortcuts + "\n")])
        #expect(found.map(\.message) == ["the utterances “play news with calm” and “pray news with calm” sound nearly the same (phone distance 0.6)"])
    }

    @Test func distinctPhrasesAreNotFlagged() {
        let shortcuts = """
              - intent: Go
                phrases:
                  - Order soup with {app}
              - intent: Go
                title: Start meditation
                phrases:
                  - Start meditation with {app}
              - intent: Go
                title: Show stats
                phrases:
                  - Show stats from {app}
            """
        #expect(check(["a.yaml": app("Bright Night", shortcuts + "\n"), "b.yaml": app("Calm")]).isEmpty)
    }

    @Test func theDistanceWeighsConfusablePhones() {
        #expect(PhoneDistance.distance(["P", "AE", "T"], ["B", "AE", "T"]) == 0.3)
        #expect(PhoneDistance.distance(["K", "AE", "T"], ["P", "AE", "T"]) == 1)
        #expect(PhoneDistance.distance(["S", "AH", "P"], ["S", "P"]) == 0.5)
        #expect(PhoneDistance.distance(["S", "T", "AA", "R", "T"], ["M", "EH", "D"], bound: 1) == nil)
        #expect(PhoneDistance.soundAlike(["S", "T", "AE", "T", "S"], ["S", "T", "AA", "P", "S"]) == nil)
    }
}
