import ParleyGrammar
import ParleyTable

/// One conversation as a pure state machine: utterances, silences and handler replies in;
/// events, questions and handler calls out (`conversation.md`). No clocks, audio or processes:
/// the shell performs the actions and feeds back what happened.
public struct ConversationStateMachine: Sendable {
    public let compiled: CompiledTable
    public var options: DialogueOptions
    let matcher: PhraseMatcher

    /// The intent being resolved, once a shortcut is chosen.
    var context: ResolveContext?
    /// The question waiting for an answer.
    public internal(set) var question: Question?
    /// Shortcuts tied at the start, while the person chooses.
    var tiedMatches: [ShortcutMatch] = []
    /// The handler request waiting for a reply.
    public internal(set) var pendingRequest: HandlerRequest?
    var retries = 0
    var silences = 0

    public init(compiled: CompiledTable, options: DialogueOptions = DialogueOptions()) {
        self.compiled = compiled
        self.options = options
        self.matcher = PhraseMatcher(compiled)
    }

    /// Whether no conversation is going on (the next utterance is matched against shortcuts).
    public var isIdle: Bool { context == nil && question == nil && pendingRequest == nil }

    /// The app whose handler answers `pendingRequest`.
    public var currentApp: App? { context?.app }

    /// A person said `text` (recognized with `confidence` in 0…1, when speech gave one).
    public mutating func heard(_ text: String, confidence: Double? = nil) -> [DialogueAction] {
        let tokens = TextNormalizer.tokens(text)
        if question == nil, pendingRequest == nil, context == nil {
            return start(text: text, tokens: tokens, confidence: confidence)
        }
        guard let question else { return [] }  // waiting for the handler: speech is ignored
        if tokens.isEmpty { return silence() }
        return answer(question, text: text, tokens: tokens, confidence: confidence)
    }

    /// Nothing was said before the listening timeout.
    public mutating func silence() -> [DialogueAction] {
        guard let question else { return [] }
        silences += 1
        if silences > options.silenceBudget {
            return end(.failed(reason: "silence", text: "I didn't hear an answer, so I stopped."))
        }
        return ask(question, reason: .silence)
    }

    /// The handler answered the pending request.
    public mutating func handlerAnswered(_ reply: HandlerReply) -> [DialogueAction] {
        guard let request = pendingRequest, context != nil else { return [] }
        pendingRequest = nil
        return apply(reply, to: request)
    }

    /// The handler crashed, hung past its timeout or answered garbage.
    public mutating func handlerFailed(_ reason: String) -> [DialogueAction] {
        let name = context?.app.name.value ?? "the app"
        return end(.failed(reason: reason, text: "Sorry, \(name) isn't responding right now. Please try again later."))
    }

    // MARK: - Start

    mutating func start(text: String, tokens: [String], confidence: Double?) -> [DialogueAction] {
        if let confidence, confidence < options.veryLowConfidence { return notRecognized() }
        // Top-level `sentences` (those naming {app}) are phrases of the same automaton.
        let matches = matcher.match(tokens: tokens)
        guard !matches.isEmpty else { return notRecognized() }
        if matches.count == 1 { return begin(matches[0], confidence: confidence) }
        tiedMatches = matches
        let apps = Set(matches.map(\.appIndex))
        let labels = matches.map { match -> String in
            apps.count == matches.count ? match.app
                : apps.count == 1 ? match.shortcutTitle : "\(match.app), \(SpokenText.midSentence(match.shortcutTitle))"
        }
        let choices = labels.enumerated().map { index, label in
            var forms = [TextNormalizer.tokens(label)]
            let match = matches[index]
            forms += compiled.table.apps[match.appIndex].spokenNames.map { TextNormalizer.tokens($0.value) }
            forms.append(TextNormalizer.tokens(match.shortcutTitle))
            return Choice(value: .integer(index), title: label, forms: forms)
        }
        // A form shared by two matches (a synonym) must not pick either, unless it is one's title.
        let titles = Set(choices.map { TextNormalizer.tokens($0.title) })
        let shared = Set(choices.flatMap(\.forms).filter { form in choices.filter { $0.forms.contains(form) }.count > 1 })
        let distinct = choices.map { choice in
            let title = TextNormalizer.tokens(choice.title)
            let others = choice.forms.filter { $0 != title && !shared.contains($0) && !titles.contains($0) }
            return Choice(value: choice.value, title: choice.title, forms: [title] + others)
        }
        var question = Question(kind: .chooseShortcut, parameter: nil, prompt: "", expected: .choice(distinct))
        question.namesKeepCase = true
        return ask(question, reason: nil)
    }

    func notRecognized() -> [DialogueAction] {
        [.emit(.notRecognized(text: "Sorry, I don't know how to help with that.")), .finish]
    }

    /// Starts resolving the intent of `match`.
    mutating func begin(_ match: ShortcutMatch, confidence: Double?) -> [DialogueAction] {
        tiedMatches = []
        let app = compiled.table.apps[match.appIndex]
        guard let intent = app.intent(withID: match.intent) else { return notRecognized() }
        var context = ResolveContext(app: app, appIndex: match.appIndex, intent: intent)
        let heard = Set(((match.spoken.map { [$0] } ?? []) + match.filled).map(\.parameter))
        for (name, value) in match.parameters {
            context.values[name] = value
            if let confidence, confidence < options.lowConfidence, heard.contains(name) {
                context.unconfirmed.insert(name)
            }
        }
        self.context = context
        let recognized = ConversationEvent.recognized(app: app.name.value, intent: intent.id,
                                                      parameters: context.orderedValues, text: nil)
        return [.emit(recognized)] + advance()
    }

    // MARK: - Ending

    /// Ends the conversation with `event`, clearing every state.
    mutating func end(_ event: ConversationEvent) -> [DialogueAction] {
        context = nil
        question = nil
        pendingRequest = nil
        tiedMatches = []
        retries = 0
        silences = 0
        return [.emit(event), .finish]
    }
}
