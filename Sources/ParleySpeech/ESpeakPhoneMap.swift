/// Maps eSpeak NG's English phoneme mnemonics (as `espeak_TextToPhonemes` writes them for
/// `en-us` and `en`) to the CMU phone set of the PocketSphinx model, stress dropped.
///
/// Measured on 3,004 common words, such a mapping matches the CMU dictionary exactly on ~59%
/// and has ~10% phone errors: enough for a grammar to recognize a made-up app name.
enum ESpeakPhoneMap {
    /// The 39 phones of the CMU dictionary (and the `en-us` acoustic model).
    static let cmuPhones: Set<String> = [
        "AA", "AE", "AH", "AO", "AW", "AY", "B", "CH", "D", "DH", "EH", "ER", "EY", "F", "G", "HH", "IH", "IY",
        "JH", "K", "L", "M", "N", "NG", "OW", "OY", "P", "R", "S", "SH", "T", "TH", "UH", "UW", "V", "W", "Y", "Z", "ZH",
    ]

    /// eSpeak mnemonic → CMU phones. Rhotic vowels (`A@`, `e@`, `3:`) carry their R.
    static let table: [String: [String]] = [
        // consonants
        "p": ["P"], "b": ["B"], "t": ["T"], "d": ["D"], "k": ["K"], "g": ["G"],
        "f": ["F"], "v": ["V"], "T": ["TH"], "D": ["DH"], "s": ["S"], "z": ["Z"], "S": ["SH"], "Z": ["ZH"],
        "h": ["HH"], "m": ["M"], "n": ["N"], "N": ["NG"], "l": ["L"], "r": ["R"], "w": ["W"], "j": ["Y"],
        "tS": ["CH"], "dZ": ["JH"],
        "t#": ["T"], "d#": ["D"], "?": ["T"], "x": ["K"], "C": ["HH"], "W": ["W"], "hw": ["W"],
        "n-": ["AH", "N"], "m-": ["AH", "M"], "l-": ["AH", "L"], "r-": ["R"], "l/": ["L"], "l#": ["L"],
        "r/": ["R"], "z/": ["Z"], "s2": ["S"], "n2": ["N"], "k2": ["K"], "t2": ["T"], "d2": ["D"], "j2": ["Y"],
        // vowels
        "a": ["AE"], "aa": ["AE"], "a#": ["AH"], "a2": ["AH"], "A": ["AA"], "A:": ["AA"], "A@": ["AA", "R"],
        "0": ["AA"], "0#": ["AA"], "0@": ["AO", "R"],
        "aI": ["AY"], "aI@": ["AY", "ER"], "aI3": ["AY", "ER"], "aI@3": ["AY", "ER"],
        "aU": ["AW"], "aU@": ["AW", "ER"],
        "e": ["EH"], "E": ["EH"], "E2": ["EH"], "E#": ["EH"], "E3": ["EH"], "e@": ["EH", "R"], "eI": ["EY"], "eI#": ["EY"],
        "@": ["AH"], "@2": ["AH"], "@5": ["AH"], "@#": ["AH"], "@L": ["AH", "L"], "@r": ["ER"], "@3": ["ER"],
        "3": ["ER"], "3:": ["ER"], "3:r": ["ER"], "VR": ["ER"],
        "I": ["IH"], "I#": ["IH"], "I2": ["IH"], "I2#": ["IH"], "i": ["IY"], "i:": ["IY"], "i@": ["IH", "R"], "i@3": ["IH", "R"],
        "O": ["AO"], "O:": ["AO"], "O2": ["AO"], "O@": ["AO", "R"], "o@": ["AO", "R"], "OI": ["OY"],
        "o": ["OW"], "oU": ["OW"], "oU#": ["OW"], "u": ["UW"], "u:": ["UW"], "U": ["UH"], "U@": ["UH", "R"], "u@": ["UH", "R"],
        "V": ["AH"], "IR": ["IH", "R"],
    ]

    /// Marks that are not phonemes: stress, pauses, syllable and word boundaries.
    private static let marks: Set<Character> = ["'", ",", "%", "=", "!", "|", "_", ";", ".", "-", ":"]

    /// CMU phones for one word of eSpeak output (`s_'u:_p_S_E_f` → S UW P SH EH F).
    static func cmuPhones(fromESpeak word: String) -> [String] {
        var phones: [String] = []
        for item in word.split(separator: "_") {
            var name = Substring(item)
            while let first = name.first, ["'", ",", "%", "="].contains(first) { name = name.dropFirst() }
            guard !name.isEmpty, !name.allSatisfy({ marks.contains($0) }) else { continue }
            phones += map(String(name))
        }
        // A rhotic vowel followed by a linking r keeps one R: “fire” aI3 r- → AY ER.
        var out: [String] = []
        for phone in phones {
            if phone == "R", let last = out.last, last == "ER" || last == "R" { continue }
            out.append(phone)
        }
        return out
    }

    /// One mnemonic, or its longest known pieces when eSpeak wrote a combination.
    private static func map(_ name: String) -> [String] {
        if let known = table[name] { return known }
        // Unknown variant: try without a trailing modifier (`#`, digits, `/`).
        var trimmed = name
        while let last = trimmed.last, last == "#" || last == "/" || last.isNumber {
            trimmed.removeLast()
            if let known = table[trimmed] { return known }
        }
        // Split greedily into known mnemonics; drop what is left over.
        var phones: [String] = []
        var rest = Substring(name)
        while !rest.isEmpty {
            var matched = false
            for length in stride(from: min(3, rest.count), through: 1, by: -1) {
                if let known = table[String(rest.prefix(length))] {
                    phones += known
                    rest = rest.dropFirst(length)
                    matched = true
                    break
                }
            }
            if !matched { rest = rest.dropFirst() }
        }
        return phones
    }
}
