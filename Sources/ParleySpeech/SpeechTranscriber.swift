import ParleyGrammar

/// One utterance understood at the top level: what was heard and what it starts.
public struct Transcription: Sendable {
    /// The recognizer's words and confidence.
    public var recognition: Recognition
    /// The shortcut the words start (the first of equally ranked ones), nil when the words
    /// match none, are a global command, or the confidence is below the minimum.
    public var match: ShortcutMatch?
    /// The global command heard (`cancel`, `what can i say`, …), as normalized text.
    public var globalCommand: String?

    public init(recognition: Recognition, match: ShortcutMatch? = nil, globalCommand: String? = nil) {
        self.recognition = recognition
        self.match = match
        self.globalCommand = globalCommand
    }
}

/// The top-level listening path: the recognizer with the grammar of every shortcut phrase and
/// the global commands, and the phrase matcher reading its words. Both come from the same
/// compiled table, so whatever the grammar lets through, the matcher understands.
public final class SpeechTranscriber {
    /// The name the top-level grammar is registered under.
    public static let topLevelGrammar = "top"
    /// Below this confidence a result matches nothing (out-of-grammar speech): the midpoint of
    /// `ConfidenceScale.standard`, which 99% of right loopback shortcuts clear and 95% of the
    /// corpus's coffee orders (outside the shipped tables) and every audiobook sentence do not.
    public static let defaultMinimumConfidence = 0.5

    /// The recognizer (its top-level grammar is registered and active).
    public let recognizer: Recognizer
    /// The matcher over the same compiled table.
    public let matcher: PhraseMatcher
    /// Results below this confidence match nothing.
    public var minimumConfidence = defaultMinimumConfidence
    private let globalCommands: Set<[String]>

    /// Starts a recognizer for `compiled` and registers its top-level grammar.
    public init(_ compiled: CompiledTable, configuration: RecognizerConfiguration = RecognizerConfiguration()) throws {
        recognizer = try Recognizer(configuration: configuration)
        try recognizer.decodeLoopAlongside()
        matcher = PhraseMatcher(compiled)
        globalCommands = Set(GrammarBuilder.globalCommands.map(TextNormalizer.tokens))
        try recognizer.register(GrammarBuilder.topLevel(compiled), name: Self.topLevelGrammar)
    }

    /// Recognizes 16 kHz mono `audio` and matches what was heard.
    public func transcribe(_ audio: PCMAudio) throws -> Transcription {
        try recognizer.select(grammar: Self.topLevelGrammar)
        let recognition = try recognizer.recognize(audio)
        guard !recognition.isEmpty, recognition.confidence >= minimumConfidence else {
            return Transcription(recognition: recognition, match: nil, globalCommand: nil)
        }
        if globalCommands.contains(recognition.words) {
            return Transcription(recognition: recognition, match: nil, globalCommand: recognition.text)
        }
        return Transcription(recognition: recognition, match: matcher.match(tokens: recognition.words).first, globalCommand: nil)
    }
}
