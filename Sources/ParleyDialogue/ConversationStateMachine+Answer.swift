import ParleyGrammar
import ParleyTable

extension ConversationStateMachine {
    /// An answer to the current question: a global command, a multi-value sentence, or a value.
    mutating func answer(_ question: Question, text: String, tokens: [String], confidence: Double?) -> [DialogueAction] {
        // Checked before the global commands too: noise heard as “cancel” or “what” at a
        // confidence near 0 must neither end the conversation nor repeat the question.
        let command = GlobalCommand.detect(tokens)
        if let confidence, !options.understands(confidence, isValue: command == nil, at: question) {
            return notUnderstood(question)
        }
        switch command {
        case .cancel?: return end(.cancelled(text: "Okay, cancelled."))
        case .repeatQuestion?: return ask(question, reason: nil)
        case .help?: return ask(question, reason: nil, prefix: helpText(for: question))
        case .more?:
            if let choices = question.choices, choices.count > options.listLimit {
                var next = question
                next.page = question.page + options.listLimit < choices.count ? question.page + options.listLimit : 0
                return ask(next, reason: nil)
            }
        case nil: break
        }
        let lowConfidence = confidence.map { $0 < options.lowConfidence } ?? false
        if question.kind != .chooseShortcut, let filled = sentenceValues(tokens), !filled.isEmpty {
            return accept(filled, lowConfidence: lowConfidence)
        }
        switch question.kind {
        case .chooseShortcut:
            guard case .one(let choice) = AnswerInterpreter.choose(tokens, from: question.choices ?? []),
                  case .integer(let index) = choice.value, tiedMatches.indices.contains(index) else {
                return notUnderstood(question)
            }
            let match = tiedMatches[index]
            self.question = nil
            return begin(match, confidence: confidence)
        case .confirmIntent:
            guard case .yesNo(let verbs) = question.expected, let yes = AnswerInterpreter.yesNo(tokens, verbs: verbs) else {
                return notUnderstood(question)
            }
            guard yes else { return end(.cancelled(text: "Okay, cancelled.")) }
            context?.intentConfirmed = true
            self.question = nil
            return advance()
        case .confirmValue:
            guard let name = question.parameter, let parameter = context?.intent.parameter(named: name) else { return [] }
            if let yes = AnswerInterpreter.yesNo(tokens) {
                if yes {
                    context?.confirmed.insert(name)
                    context?.unconfirmed.remove(name)
                    self.question = nil
                    return advance()
                }
                context?.set(name, nil)
                context?.unconfirmed.remove(name)
                return askValue(parameter, reason: nil)
            }
            // “No, tomato soup”: a new value instead of yes or no.
            guard let context, let value = value(of: tokens, text: text, for: parameter, expected: expectedAnswer(parameter, context)) else {
                return notUnderstood(question)
            }
            return accept([(name, value)], lowConfidence: false)
        case .value, .disambiguation:
            guard let name = question.parameter, let parameter = context?.intent.parameter(named: name) else { return [] }
            if case .choice(let choices) = question.expected {
                switch AnswerInterpreter.choose(tokens, from: choices) {
                case .one(let choice): return accept([(name, choice.value)], lowConfidence: lowConfidence)
                case .several(let candidates): return askChoice(parameter, among: candidates)
                case .none: return notUnderstood(question)
                }
            }
            guard let value = value(of: tokens, text: text, for: parameter, expected: question.expected) else {
                return notUnderstood(question)
            }
            return accept([(name, value)], lowConfidence: lowConfidence)
        }
    }

    /// Values filled by one of the current intent's `sentences` (“a large oat latte with a
    /// little sugar”), politeness words around it allowed; nil when none reads the answer.
    func sentenceValues(_ tokens: [String]) -> [(String, ParameterValue)]? {
        guard let context else { return nil }
        let sentences = compiled.sentences.filter { $0.app == context.appIndex && $0.intent == context.intent.id }
        guard !sentences.isEmpty else { return nil }
        for words in [tokens, AnswerInterpreter.trimPoliteness(tokens)] {
            guard let ids = compiled.ids(words) else { continue }
            for sentence in sentences {
                if let values = compiled.values(in: sentence.graph, slots: sentence.slots, app: sentence.app, tokens: ids) {
                    return values.map { ($0.parameter, $0.value.value) }
                }
            }
        }
        return nil
    }

    /// A value of a non-list answer.
    func value(of tokens: [String], text: String, for parameter: Parameter, expected: ExpectedAnswer) -> ParameterValue? {
        switch expected {
        case .choice, .integer, .yesNo: return AnswerInterpreter.listedValue(tokens, expected: expected)
        case .decimal: return AnswerInterpreter.number(tokens).map { .decimal($0) }
        case .text:
            let words = AnswerInterpreter.trimPoliteness(tokens)
            guard !words.isEmpty else { return nil }
            return .text(text.trimmingCharacters(in: " .!?,"))
        case .duration: return SpokenTime.duration(tokens).map { .text($0) }
        case .time: return SpokenTime.time(tokens).map { .text($0) }
        case .date: return SpokenTime.date(tokens, today: options.today).map { .text($0) }
        }
    }

    /// Takes values (one answer, or several from a sentence) and goes on resolving.
    mutating func accept(_ filled: [(String, ParameterValue)], lowConfidence: Bool) -> [DialogueAction] {
        for (name, value) in filled {
            context?.set(name, value)
            if lowConfidence { context?.unconfirmed.insert(name) }
        }
        self.question = nil
        return advance()
    }

    /// An answer that fits nothing: say so and ask again, within the retry budget.
    mutating func notUnderstood(_ question: Question) -> [DialogueAction] {
        retries += 1
        if retries > options.retryBudget { return giveUp() }
        return ask(question, reason: .notUnderstood)
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var view = Substring(self)
        while let first = view.first, set.contains(first) { view = view.dropFirst() }
        while let last = view.last, set.contains(last) { view = view.dropLast() }
        return String(view)
    }
}
