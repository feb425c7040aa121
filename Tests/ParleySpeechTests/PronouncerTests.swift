import Testing
@testable import ParleySpeech

/// A few words of the CMU dictionary, for tests that must not depend on the model files.
private struct SmallLexicon: Lexicon {
    let entries: [String: [String]] = [
        "twenty": ["T", "W", "EH", "N", "T", "IY"], "one": ["W", "AH", "N"], "thousand": ["TH", "AW", "Z", "AH", "N", "D"],
        "eight": ["EY", "T"], "hundred": ["HH", "AH", "N", "D", "R", "AH", "D"], "thirty": ["TH", "ER", "D", "IY"],
        "what's": ["W", "AH", "T", "S"], "soup": ["S", "UW", "P"], "point": ["P", "OY", "N", "T"], "five": ["F", "AY", "V"],
        "two": ["T", "UW"], "zero": ["Z", "IH", "R", "OW"], "seven": ["S", "EH", "V", "AH", "N"],
    ]
    func phones(of word: String) -> [String]? { entries[word] }
}

@Suite struct PronouncerTests {
    let pronouncer = Pronouncer(lexicon: SmallLexicon())

    @Test func dictionaryWordsComeFromTheDictionary() throws {
        #expect(try pronouncer.pronounce("soup") == Pronunciation(phones: ["S", "UW", "P"], source: .dictionary))
    }

    @Test func digitTokensAreSpelledAsNumberWords() throws {
        #expect(try pronouncer.pronounce("21").phones == ["T", "W", "EH", "N", "T", "IY", "W", "AH", "N"])
        #expect(try pronouncer.pronounce("21").source == .numberWords)
        #expect(NumberWords.words("38801") == ["thirty", "eight", "thousand", "eight", "hundred", "one"])
        #expect(NumberWords.words("2.5") == ["two", "point", "five"])
        #expect(NumberWords.words("007") == ["zero", "zero", "seven"])
        #expect(NumberWords.words("0") == ["zero"])
        #expect(NumberWords.words("12a") == nil)
    }

    @Test func apostropheIsRestored() throws {
        #expect(try pronouncer.pronounce("whats") == Pronunciation(phones: ["W", "AH", "T", "S"], source: .apostrophe))
    }

    @Test func madeUpNamesGetPhonesFromESpeak() throws {
        let soupchef = try pronouncer.pronounce("soupchef")
        #expect(soupchef.source == .generated)
        #expect(soupchef.phones == ["S", "UW", "P", "SH", "EH", "F"])
        let instacart = try pronouncer.pronounce("instacart")
        #expect(instacart.phones.allSatisfy(ESpeakPhoneMap.cmuPhones.contains))
        #expect(instacart.phones.starts(with: ["IH", "N", "S", "T"]))
    }

    @Test func overridesWinOverEverything() throws {
        let overrides = try PronunciationOverrides.parse("""
            # the project's additions
            soup S OW P   # not really
            Soupchef S UW1 P SH EH2 F
            """)
        #expect(overrides["soup"] == ["S", "OW", "P"])
        #expect(overrides["soupchef"] == ["S", "UW", "P", "SH", "EH", "F"])
        let custom = Pronouncer(lexicon: SmallLexicon(), overrides: overrides)
        #expect(try custom.pronounce("soup") == Pronunciation(phones: ["S", "OW", "P"], source: .override))
    }

    @Test func aNumberedLineAddsASecondPronunciation() throws {
        let text = """
            help(2) EH L P
            soup S UW P
            soup(2) S OW P
            """
        #expect(try PronunciationOverrides.parse(text) == ["soup": ["S", "UW", "P"]])
        #expect(try PronunciationOverrides.alternatives(text) == ["help": [["EH", "L", "P"]], "soup": [["S", "OW", "P"]]])
    }

    @Test func malformedOverridesSayWhichLine() {
        #expect(throws: SpeechError.file(path: "p.dict:2", reason: "expected ‘word PHONE…’ with CMU phones (AA AE … ZH), got ‘soup XX P’")) {
            try PronunciationOverrides.parse("ok OW K EY\nsoup XX P", file: "p.dict")
        }
    }

    @Test func eSpeakMnemonicsMapToCMUPhones() {
        #expect(ESpeakPhoneMap.cmuPhones(fromESpeak: "s_'u:_p_S_E_f") == ["S", "UW", "P", "SH", "EH", "F"])
        #expect(ESpeakPhoneMap.cmuPhones(fromESpeak: "f_'aI3_r-") == ["F", "AY", "ER"])
        #expect(ESpeakPhoneMap.cmuPhones(fromESpeak: "tS_'aU_d_3") == ["CH", "AW", "D", "ER"])
        #expect(ESpeakPhoneMap.cmuPhones(fromESpeak: "k_'A@_t") == ["K", "AA", "R", "T"])
    }

    @Test func theRecognizersLexiconIsTheModelDictionary() throws {
        let recognizer = try Recognizer(warmUp: false)
        #expect(try recognizer.pronunciation(of: "chowder") == Pronunciation(phones: ["CH", "AW", "D", "ER"], source: .dictionary))
        #expect(try recognizer.pronunciation(of: "hows").source == .apostrophe)
        #expect(try recognizer.pronunciation(of: "38801").source == .numberWords)
    }
}
