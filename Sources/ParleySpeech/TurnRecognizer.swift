import ParleyGrammar

/// Decodes the turns of a conversation, each with the grammar of what is listened for: the
/// top level (every shortcut phrase and the global commands) when no question is asked, else
/// the question's `AnswerGrammar` (its plain answers, global commands and the intent's
/// sentences). Each grammar is registered once, the first time it is needed, and selected by
/// name afterwards: registering costs far more than switching, and the same question (asked
/// again, or in the next conversation) builds the same grammar.
///
/// Not thread-safe, like the `Recognizer` it drives.
public final class TurnRecognizer {
    /// The name the top-level grammar is registered under.
    public static let topLevelGrammar = "top"

    /// The decoder (the top-level grammar is registered at start).
    public let recognizer: Recognizer
    /// Answer grammars registered so far, by their FSG text.
    private var answerNames: [String: String] = [:]
    /// The decoder of open answers (the large language model), made the first time one is heard.
    private var dictation: Recognizer?

    /// Starts a recognizer for `compiled` (with a second one for the phone-loop pass,
    /// `Recognizer.decodeLoopAlongside`) and registers its top-level grammar.
    public convenience init(_ compiled: CompiledTable, configuration: RecognizerConfiguration = RecognizerConfiguration()) throws {
        let recognizer = try Recognizer(configuration: configuration)
        try recognizer.decodeLoopAlongside()
        try self.init(compiled, on: recognizer)
    }

    /// Decodes the turns of `compiled` on a recognizer that already exists (its top-level grammar
    /// is registered, or registered again, under `topLevelGrammar`).
    public init(_ compiled: CompiledTable, on recognizer: Recognizer) throws {
        self.recognizer = recognizer
        try recognizer.register(GrammarBuilder.topLevel(compiled), name: Self.topLevelGrammar)
    }

    /// Decodes 16 kHz mono `audio` with the grammar of `answers` (nil: the top level).
    public func recognize(_ audio: PCMAudio, answers: AnswerGrammar?) throws -> Recognition {
        try select(answers)
        return try recognizer.recognize(audio)
    }

    /// What open answers are decoded with: `Recognizer.dictation`, or the top-level grammar
    /// when no language model is configured.
    public var openAnswerGrammar: String {
        recognizer.configuration.languageModelPath == nil ? Self.topLevelGrammar : Recognizer.dictation
    }

    /// Decodes 16 kHz mono `audio` answering an open question (free text, a time, a date) with
    /// the large language model, on a second decoder made the first time (~0.5 s; the model
    /// is loaded only by those who need it). Without a language model
    /// (`RecognizerConfiguration.languageModelPath` nil) the top-level grammar decodes it, as
    /// before dictation existed.
    public func recognizeOpenAnswer(_ audio: PCMAudio) throws -> Recognition {
        guard openAnswerGrammar == Recognizer.dictation else { return try recognize(audio, answers: nil) }
        let dictation = try self.dictation ?? Recognizer(configuration: recognizer.configuration, warmUp: false, dictation: true)
        self.dictation = dictation
        return try dictation.recognize(audio)
    }

    /// Makes the grammar of `answers` (nil: the top level) the active one, registering it the
    /// first time; returns its name.
    @discardableResult
    public func select(_ answers: AnswerGrammar?) throws -> String {
        guard let answers else {
            try recognizer.select(grammar: Self.topLevelGrammar)
            return Self.topLevelGrammar
        }
        let grammar = Self.grammar(of: answers)
        let key = grammar.fsgText(name: "answer")
        if let name = answerNames[key] {
            try recognizer.select(grammar: name)
            return name
        }
        let name = "answer-\(answerNames.count + 1)"
        try recognizer.register(grammar, name: name)
        try recognizer.select(grammar: name)
        answerNames[key] = name
        return name
    }

    /// How many distinct answer grammars were registered.
    public var answerGrammarCount: Int { answerNames.count }

    /// The speech grammar of a question's answers: exactly the language of `answers`, whose
    /// phrases already hold the global commands, with the answer openings (“I'd like …”,
    /// `GrammarBuilder.answerOpenings`) as its fallback — followed by its answers and sentences,
    /// not its commands (`SpeechGrammar.afterOpenings`): “give me help” is not something people
    /// say, and with the commands short answers were heard so (“carry out” as “give me help” at 0.99).
    public static func grammar(of answers: AnswerGrammar) -> SpeechGrammar {
        var grammar = GrammarBuilder.grammar(answers.automaton, words: answers.vocabulary.words)
        if answers.sentenceCount > 0 { grammar.branchWeight = GrammarBuilder.sentenceBranchWeight }
        var values = GrammarBuilder.grammar(answers.withoutCommands, words: answers.vocabulary.words)
        values.branchWeight = grammar.branchWeight
        grammar.afterOpenings = values
        grammar.fallbackOpenings = GrammarBuilder.answerOpenings.map(TextNormalizer.tokens)
        grammar.openingsBelow = GrammarBuilder.answerOpeningsBelow
        return grammar
    }
}
