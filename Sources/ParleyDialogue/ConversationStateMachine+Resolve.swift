import ParleyGrammar
import ParleyTable

extension ConversationStateMachine {
    /// Resolves parameters in declared order until one needs the person or the handler, then
    /// confirms and handles the intent.
    mutating func advance() -> [DialogueAction] {
        // Every path writes `context` back before acting: acting may end the conversation.
        guard var context else { return [] }
        for parameter in context.intent.parameters {
            let name = parameter.name
            // notRequired: a child whose `when` does not hold.
            guard context.conditionHolds(parameter), !context.skipped.contains(name) else {
                context.values[name] = nil
                continue
            }
            if context.values[name] == nil, !context.defaulted.contains(name), let text = parameter.defaultValue?.value {
                context.defaulted.insert(name)
                context.values[name] = ParameterValue.parse(text, for: parameter, in: context.app)
            }
            guard let value = context.values[name] else {
                if parameter.optional { continue }  // notRequired: optional and empty
                if case .dynamic = parameter.options, context.dynamicChoices[name] == nil, context.hasHandler {
                    return callHandler(.options, parameter: name, context: context)
                }
                if context.hasHandler, !context.handlerAccepted.contains(name) {
                    return callHandler(.resolve, parameter: name, value: nil, context: context)
                }
                self.context = context
                return askValue(parameter, reason: nil)
            }
            // unsupported by the table: out of range or not one of the options.
            if let problem = tableProblem(with: value, for: parameter, in: context) {
                context.set(name, nil)
                self.context = context
                return refuse(parameter, because: problem)
            }
            if context.hasHandler, !context.handlerAccepted.contains(name) {
                return callHandler(.resolve, parameter: name, value: value, context: context)
            }
            // confirmationRequired: the table asks, or the value was heard with low confidence.
            if (parameter.confirm || context.unconfirmed.contains(name)), !context.confirmed.contains(name) {
                self.context = context
                return askConfirmValue(parameter, value: value)
            }
        }
        if context.hasHandler, !context.handlerReady {
            return callHandler(.confirm, parameter: nil, context: context)
        }
        if let confirmation = context.intent.confirmation, !context.intentConfirmed {
            let text = SpokenText.fill(confirmation.value, parameters: context.spokenValues)
            self.context = context
            return ask(Question(kind: .confirmIntent, parameter: nil, prompt: text, expected: .yesNo(verbs: intentVerbs(context.intent))), reason: nil)
        }
        if context.hasHandler {
            return callHandler(.handle, parameter: nil, context: context)
        }
        self.context = context
        return finishHandled(outputs: [], dialog: nil)
    }

    /// Why `value` is not valid by the table alone, or nil.
    func tableProblem(with value: ParameterValue, for parameter: Parameter, in context: ResolveContext) -> String? {
        let fallback = parameter.unsupported?.value
        switch value {
        case .integer(let number):
            if let min = parameter.min?.value, Double(number) < min { return fallback ?? rangeText(parameter) }
            if let max = parameter.max?.value, Double(number) > max { return fallback ?? rangeText(parameter) }
        case .decimal(let number):
            if let min = parameter.min?.value, number < min { return fallback ?? rangeText(parameter) }
            if let max = parameter.max?.value, number > max { return fallback ?? rangeText(parameter) }
        case .option, .caseID:
            if let choices = context.choices(for: parameter), !choices.contains(where: { $0.value == value }) {
                return fallback ?? "Sorry, that isn't one of the choices."
            }
        default: break
        }
        return nil
    }

    func rangeText(_ parameter: Parameter) -> String {
        switch (parameter.min?.value, parameter.max?.value) {
        case (let min?, let max?): "Sorry, it has to be between \(SpokenText.number(min)) and \(SpokenText.number(max))."
        case (let min?, nil): "Sorry, it has to be at least \(SpokenText.number(min))."
        case (nil, let max?): "Sorry, it can be at most \(SpokenText.number(max))."
        default: "Sorry, that value isn't supported."
        }
    }

    /// The intent's own words for “yes”: its title's verb (“order”), from `title`.
    func intentVerbs(_ intent: Intent) -> [[String]] { Self.intentVerbs(intent) }

    static func intentVerbs(_ intent: Intent) -> [[String]] {
        guard let verb = intent.title?.value.split(separator: " ").first else { return [] }
        return [TextNormalizer.tokens(String(verb))]
    }

    /// unsupported: say why, then ask again (counts against the retry budget).
    mutating func refuse(_ parameter: Parameter, because reason: String) -> [DialogueAction] {
        retries += 1
        if retries > options.retryBudget { return giveUp() }
        return askValue(parameter, reason: .unsupported, prefix: reason, countsAsNew: false)
    }

    mutating func giveUp() -> [DialogueAction] {
        end(.failed(reason: "retries", text: "Sorry, I couldn't get that. Let's try again later."))
    }

    mutating func callHandler(_ kind: HandlerRequest.Kind, parameter: String?, value: ParameterValue? = nil, context: ResolveContext) -> [DialogueAction] {
        self.context = context
        let request = HandlerRequest(kind: kind, app: context.app.name.value, intent: context.intent.id, parameter: parameter,
                                     value: value, parameters: context.orderedValues)
        pendingRequest = request
        return [.callHandler(request)]
    }

    /// Applies a handler reply to the request it answers.
    mutating func apply(_ reply: HandlerReply, to request: HandlerRequest) -> [DialogueAction] {
        guard var context else { return [] }
        if case .failure(let dialog) = reply {
            let text = dialog ?? context.intent.failure.map { SpokenText.fill($0.value, parameters: context.spokenValues) }
                ?? "Sorry, that didn't work."
            return end(.failed(reason: "handler", text: text))
        }
        let parameter = request.parameter.flatMap { context.intent.parameter(named: $0) }
        switch (request.kind, reply) {
        case (.options, .options(let choices)):
            guard let parameter else { return handlerFailed("protocol") }
            context.dynamicChoices[parameter.name] = choices
            self.context = context
            return advance()
        case (.resolve, .resolution(let resolution)):
            guard let parameter else { return handlerFailed("protocol") }
            return resolve(parameter, resolution, context: context)
        case (.confirm, .ready):
            context.handlerReady = true
            self.context = context
            return advance()
        case (.handle, .handled(let outputs, let dialog)):
            return finishHandled(outputs: outputs, dialog: dialog)
        default:
            return handlerFailed("protocol")
        }
    }

    mutating func resolve(_ parameter: Parameter, _ resolution: Resolution, context: ResolveContext) -> [DialogueAction] {
        var context = context
        let name = parameter.name
        switch resolution {
        case .success(let value):
            if let value { context.values[name] = value }
            guard context.values[name] != nil || parameter.optional else {
                self.context = context
                return askValue(parameter, reason: nil)
            }
            context.handlerAccepted.insert(name)
        case .notRequired:
            context.values[name] = nil
            context.handlerAccepted.insert(name)
            return skipParameter(name, context: &context)
        case .needsValue(let prompt):
            context.set(name, nil)
            self.context = context
            return askValue(parameter, reason: nil, prompt: prompt)
        case .disambiguation(let choices, let prompt):
            context.set(name, nil)
            self.context = context
            return askChoice(parameter, among: choices, prompt: prompt)
        case .unsupported(let reason):
            context.set(name, nil)
            self.context = context
            return refuse(parameter, because: reason ?? parameter.unsupported?.value ?? "Sorry, that isn't available.")
        case .confirmationRequired(let value):
            if let value { context.values[name] = value }
            context.handlerAccepted.insert(name)
            self.context = context
            guard let current = context.values[name] else { return askValue(parameter, reason: nil) }
            return askConfirmValue(parameter, value: current)
        }
        self.context = context
        return advance()
    }

    /// Continues after a parameter the handler said is not required.
    mutating func skipParameter(_ name: String, context: inout ResolveContext) -> [DialogueAction] {
        context.skipped.insert(name)
        self.context = context
        return advance()
    }

    /// The `done` event with the response filled in.
    mutating func finishHandled(outputs: [(String, OutputValue)], dialog: String?) -> [DialogueAction] {
        guard let context else { return [] }
        var spokenOutputs: [String: String] = [:]
        for (name, value) in outputs {
            let type = context.intent.outputs.first { $0.name == name }?.type.value ?? ""
            spokenOutputs[name] = SpokenText.output(value, type: type)
        }
        let text = dialog
            ?? context.intent.response.map { SpokenText.fill($0.value, parameters: context.spokenValues, outputs: spokenOutputs) }
            ?? "Done."
        return end(.done(app: context.app.name.value, intent: context.intent.id, parameters: context.orderedValues,
                         outputs: outputs, text: text))
    }
}
