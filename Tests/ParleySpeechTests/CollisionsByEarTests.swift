import ParleyAcoustic
import ParleyCheck
import ParleyGrammar
import ParleySpeech
import ParleyTable
import Testing

private func table(_ files: [String: String]) -> CompiledTable {
    PhraseCompiler.compile(PhraseTable(apps: files.sorted { $0.key < $1.key }.compactMap {
        PhraseTableLoader.loadApp(file: $0.key, text: $0.value).app
    }))
}

private func app(_ name: String, types: String = "", phrases: String = "      - Play news with {app}\n") -> String {
    "app:\n  name: \(name)\n\(types)intents:\n  Go:\n    title: Play news\n    parameters:\n      pick: {type: Pick, optional: true}\nshortcuts:\n  - intent: Go\n    phrases:\n\(phrases)"
}

private let noValues = "types:\n  Pick: {one: Apple, two: Orange}\n"

@Suite("sound-alike and --acoustic through the real pronouncer, eSpeak NG and PocketSphinx")
struct CollisionsByEarTests {
    let phonetics = RecognizerPhonetics(recognizer: try! Recognizer(warmUp: false))

    @Test func homophoneAndLetterNamesAreFound() {
        let found = SoundAlikeRule.check(table(["a.yaml": app("Sole Food", types: noValues), "b.yaml": app("Soul Food", types: noValues),
                                                 "c.yaml": app("Tea Time", types: noValues), "d.yaml": app("T Time", types: noValues)]),
                                         transcriber: phonetics)
        let pairs = Set(found.map(\.message))
        #expect(pairs.contains { $0.contains("“Sole Food” and “Soul Food”") })
        #expect(pairs.contains { $0.contains("“Tea Time” and “T Time”") })
        #expect(found.count == 2)
    }

    @Test func oneConfusablePhoneInValuesIsFound() {
        let found = SoundAlikeRule.check(table(["a.yaml": app("Calm", types: "types:\n  Pick: {one: Pat, two: Bat, three: Lemon}\n")]),
                                         transcriber: phonetics)
        #expect(found.map(\.message) == ["the values “Pat” and “Bat” sound nearly the same (phone distance 0.3)"])
    }

    @Test func distinctPhrasesAreNotFlagged() {
        let phrases = "      - Order soup with {app}\n  - intent: Go\n    title: Start meditation\n    phrases:\n      - Start meditation with {app}\n"
        #expect(SoundAlikeRule.check(table(["a.yaml": app("Soup Chef", types: noValues, phrases: phrases),
                                             "b.yaml": app("Trail Scout", types: noValues)]), transcriber: phonetics).isEmpty)
    }

    @Test func theAcousticCheckHearsDistinctPhrasesRight() throws {
        let compiled = table(["a.yaml": app("Soup Chef", types: noValues,
                                            phrases: "      - Order soup with {app}\n  - intent: Go\n    title: Start meditation\n    phrases:\n      - Start meditation with {app}\n")])
        let options = AcousticOptions(voices: [AcousticVoice(name: "en-us", wordsPerMinute: 170)], noiseDecibels: nil, seed: 1, jobs: 1)
        let result = try AcousticCheck.run(compiled, options: options, renderer: ESpeakRendering(),
                                           makeHearer: { GrammarHearing(transcriber: try SpeechTranscriber(compiled)) })
        #expect(result.trials == 2)
        #expect(result.right == 2)
        #expect(result.findings.isEmpty)
        #expect(result.matrices.first?.counts == [[1, 0, 0], [0, 1, 0]])
    }
}
