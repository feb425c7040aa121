import Synchronization

/// Where a pronunciation came from.
public enum PronunciationSource: String, Sendable {
    /// `models/pronunciations.dict` (or another overrides file).
    case override
    /// The model's dictionary, word as written.
    case dictionary
    /// A number token spelled as words, each from the dictionary (`21` → “twenty one”).
    case numberWords
    /// The dictionary word with its apostrophe restored (`whats` → “what's”).
    case apostrophe
    /// eSpeak NG's phonemes mapped to the model's phone set.
    case generated
}

/// A grammar token's phones (CMU phone set, no stress) and their source.
public struct Pronunciation: Sendable, Equatable {
    /// The phones, e.g. `S UW P SH EH F`.
    public var phones: [String]
    /// How they were found.
    public var source: PronunciationSource
}

/// Finds phones for the words of a pronunciation dictionary.
public protocol Lexicon {
    /// The first pronunciation of `word` (lower case, as the dictionary writes it), or nil.
    func phones(of word: String) -> [String]?
}

/// Gives every grammar token a pronunciation, in this order: the overrides file; the model's
/// dictionary; for digit tokens the dictionary phones of the number's words, concatenated;
/// for tokens whose apostrophe normalization dropped (`whats`) the dictionary word with it
/// restored; otherwise eSpeak NG's phonemes (voice `en-us`) mapped to the CMU phone set.
public struct Pronouncer {
    /// The dictionary pronunciations are looked up in.
    public var lexicon: any Lexicon
    /// Pronunciations that win over everything else, by normalized token.
    public var overrides: [String: [String]]

    /// A pronouncer over `lexicon` with `overrides` (see `PronunciationOverrides`).
    public init(lexicon: any Lexicon, overrides: [String: [String]] = [:]) {
        self.lexicon = lexicon
        self.overrides = overrides
    }

    /// Contractions' endings, most common first, for restoring an apostrophe.
    private static let clitics = ["s", "t", "re", "ve", "ll", "d", "m"]

    /// The pronunciation of a normalized token. Throws `SpeechError.noPronunciation` when not
    /// even eSpeak NG yields phones (a token of symbols only).
    public func pronounce(_ token: String) throws -> Pronunciation {
        let word = token.lowercased()
        if let phones = overrides[word] { return Pronunciation(phones: phones, source: .override) }
        if let phones = lexicon.phones(of: word) { return Pronunciation(phones: phones, source: .dictionary) }
        if let words = NumberWords.words(word) {
            var phones: [String] = []
            for part in words {
                guard let piece = lexicon.phones(of: part) ?? (try? generated(part)) else {
                    throw SpeechError.noPronunciation(token)
                }
                phones += piece
            }
            return Pronunciation(phones: phones, source: .numberWords)
        }
        for clitic in Self.clitics where word.count > clitic.count && word.hasSuffix(clitic) {
            let restored = String(word.dropLast(clitic.count)) + "'" + clitic
            if let phones = lexicon.phones(of: restored) { return Pronunciation(phones: phones, source: .apostrophe) }
        }
        return Pronunciation(phones: try generated(word), source: .generated)
    }

    /// eSpeak NG's pronunciation of `word` in CMU phones; asked once per word and process
    /// (every decoder registering a grammar needs the same words, and eSpeak NG serves one
    /// caller at a time, replies being synthesized among them).
    public func generated(_ word: String) throws -> [String] {
        if let known = Self.generatedCache.withLock({ $0[word] }) { return known }
        let engine = try ESpeakEngine.shared.get()
        let phones = try engine.phonemes(word, voice: "en-us").flatMap(ESpeakPhoneMap.cmuPhones(fromESpeak:))
        guard !phones.isEmpty else { throw SpeechError.noPronunciation(word) }
        Self.generatedCache.withLock { $0[word] = phones }
        return phones
    }

    private static let generatedCache = Mutex<[String: [String]]>([:])
}
