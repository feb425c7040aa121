import ParleyGrammar
import ParleyTable

extension ConversationStateMachine {
    /// needsValue: the prompt, and the list when the values are a finite list.
    mutating func askValue(_ parameter: Parameter, reason: AskReason?, prefix: String? = nil, prompt: String? = nil,
                           countsAsNew: Bool = true) -> [DialogueAction] {
        guard let context else { return [] }
        let text = prompt ?? parameter.prompt.map { SpokenText.fill($0.value, parameters: context.spokenValues) }
            ?? defaultPrompt(parameter)
        let question = Question(kind: .value, parameter: parameter.name, prompt: text, expected: expectedAnswer(parameter, context))
        return ask(question, reason: reason, prefix: prefix)
    }

    /// disambiguation: the candidates, read after the parameter's disambiguation text.
    mutating func askChoice(_ parameter: Parameter, among choices: [Choice], prompt: String? = nil) -> [DialogueAction] {
        let text = prompt ?? parameter.disambiguation?.value ?? parameter.prompt?.value ?? "Which one?"
        return ask(Question(kind: .disambiguation, parameter: parameter.name, prompt: text, expected: .choice(choices)), reason: nil)
    }

    /// confirmationRequired: “Tomato soup, right?”
    mutating func askConfirmValue(_ parameter: Parameter, value: ParameterValue) -> [DialogueAction] {
        guard let context else { return [] }
        var spoken = SpokenText.capitalized(context.spoken(value, of: parameter))
        if case .boolean = value { spoken = "\(parameter.displayTitle): \(spoken.lowercased())" }
        return ask(Question(kind: .confirmValue, parameter: parameter.name, prompt: "\(spoken), right?", expected: .yesNo(verbs: [])),
                   reason: nil)
    }

    func defaultPrompt(_ parameter: Parameter) -> String {
        let title = parameter.displayTitle.lowercased()
        switch parameter.type.value {
        case .custom, .string: return "Which \(title)?"
        case .integer, .decimal: return "How many \(title)?"
        case .boolean: return "\(SpokenText.capitalized(title))?"
        case .duration: return "How long?"
        case .time: return "What time?"
        case .date: return "What day?"
        }
    }

    func expectedAnswer(_ parameter: Parameter, _ context: ResolveContext) -> ExpectedAnswer {
        context.expectedAnswer(parameter)
    }

    /// Speaks a question (with its reason and list) and listens. A question about something
    /// new starts with a fresh retry and silence budget.
    mutating func ask(_ question: Question, reason: AskReason?, prefix: String? = nil) -> [DialogueAction] {
        if let previous = self.question, previous.kind == question.kind, previous.parameter == question.parameter {
            // Asked again: keep the budgets.
        } else {
            retries = 0
            silences = 0
        }
        self.question = question
        var parts: [String] = []
        if let prefix { parts.append(prefix) }
        switch reason {
        case .notUnderstood?: parts.append("Sorry, I didn't get that.")
        case .silence?: parts.append("Sorry, I didn't hear anything.")
        default: break
        }
        if !question.prompt.isEmpty { parts.append(question.prompt) }
        var spokenOptions: [String]?
        if let choices = question.choices, !choices.isEmpty {
            let page = Array(choices.dropFirst(question.page).prefix(options.listLimit))
            spokenOptions = page.map(\.title)
            let more = question.page + page.count < choices.count
            let items = page.map(\.title) + (more ? ["more"] : [])
            parts.append(SpokenText.capitalized(SpokenText.list(items, keepCase: question.namesKeepCase)) + "?")
        }
        let event = ConversationEvent.ask(kind: question.kind, parameter: question.parameter, options: spokenOptions,
                                          reason: reason, text: parts.joined(separator: " "))
        return [.emit(event), .listen(question.kind, parameter: question.parameter)]
    }

    /// What “help” says at this question, before asking it again.
    func helpText(for question: Question) -> String {
        switch question.expected {
        case .choice(let choices):
            let names = SpokenText.list(choices.prefix(3).map { SpokenText.midSentence($0.title) })
            return "You can say a name, like \(names), or say “the first one”. Say “cancel” to stop."
        case .integer(let min, let max):
            if let min, let max { return "Say a number from \(min) to \(max). Say “cancel” to stop." }
            return "Say a number. Say “cancel” to stop."
        case .decimal: return "Say a number. Say “cancel” to stop."
        case .yesNo(let verbs):
            let verb = verbs.first.map { ", or “\($0.joined(separator: " "))”" } ?? ""
            return "Say “yes” or “no”\(verb). Say “cancel” to stop."
        case .text: return "Just say it in your own words. Say “cancel” to stop."
        case .duration: return "Say how long, like “ten minutes”. Say “cancel” to stop."
        case .time: return "Say a time, like “five thirty pm”. Say “cancel” to stop."
        case .date: return "Say a day, like “tomorrow” or “March third”. Say “cancel” to stop."
        }
    }
}

extension ResolveContext {
    /// What kind of answer a question about `parameter` expects.
    func expectedAnswer(_ parameter: Parameter) -> ExpectedAnswer {
        if let choices = choices(for: parameter) { return .choice(choices) }
        switch parameter.type.value {
        case .integer: return .integer(min: parameter.min.map { Int($0.value) }, max: parameter.max.map { Int($0.value) })
        case .decimal: return .decimal
        case .boolean: return .yesNo(verbs: [])
        case .duration: return .duration
        case .time: return .time
        case .date: return .date
        case .string, .custom: return .text
        }
    }
}
