import ParleyGrammar
import ParleyTable

/// The intent being resolved: values so far and what has been settled about each.
struct ResolveContext: Sendable {
    let app: App
    let appIndex: Int
    let intent: Intent
    var values: [String: ParameterValue] = [:]
    /// Parameters whose default has been applied (a default is applied once).
    var defaulted: Set<String> = []
    /// Parameters the handler has accepted with their current value.
    var handlerAccepted: Set<String> = []
    /// Parameters confirmed by the person.
    var confirmed: Set<String> = []
    /// Parameters to confirm because they were heard with low confidence.
    var unconfirmed: Set<String> = []
    /// Options the handler listed, by parameter.
    var dynamicChoices: [String: [Choice]] = [:]
    /// Parameters the handler said are not required this time.
    var skipped: Set<String> = []
    var handlerReady = false
    var intentConfirmed = false

    init(app: App, appIndex: Int, intent: Intent) {
        self.app = app
        self.appIndex = appIndex
        self.intent = intent
    }

    var hasHandler: Bool { app.handler != nil }

    /// Values in the intent's parameter order, leaving out parameters whose `when` fails.
    var orderedValues: [(String, ParameterValue)] {
        intent.parameters.compactMap { parameter in
            guard conditionHolds(parameter), let value = values[parameter.name] else { return nil }
            return (parameter.name, value)
        }
    }

    /// Whether every `when` clause of `parameter` holds for the values so far.
    func conditionHolds(_ parameter: Parameter) -> Bool {
        guard let condition = parameter.condition else { return true }
        return condition.clauses.allSatisfy { clause in
            guard let parent = intent.parameter(named: clause.parent.value), let current = values[parent.name] else { return false }
            return clause.values.contains { ParameterValue.parse($0.value, for: parent, in: app) == current }
        }
    }

    /// Sets a value, forgetting what was settled about the old one.
    mutating func set(_ name: String, _ value: ParameterValue?) {
        values[name] = value
        handlerAccepted.remove(name)
        confirmed.remove(name)
        if value == nil { unconfirmed.remove(name) }
    }

    /// The finite choices of a parameter: handler options, `options`, or a type's cases.
    func choices(for parameter: Parameter) -> [Choice]? {
        if let dynamic = dynamicChoices[parameter.name] { return dynamic }
        if case .list(let options) = parameter.options {
            return options.map { Choice(value: .option($0.value), title: $0.value, forms: [TextNormalizer.tokens($0.value)]) }
        }
        if case .custom(let name) = parameter.type.value, let type = app.type(named: name) {
            return type.cases.map { item in
                Choice(value: .caseID(item.id), title: item.title.value, forms: item.spokenForms.map { TextNormalizer.tokens($0.value) })
            }
        }
        return nil
    }

    /// How a value is said inside a sentence.
    func spoken(_ value: ParameterValue, of parameter: Parameter) -> String {
        let title = choices(for: parameter)?.first { $0.value == value }?.title
        return SpokenText.value(value, title: title)
    }

    /// Every value as spoken, by parameter name, for filling templates.
    var spokenValues: [String: String] {
        var spoken: [String: String] = [:]
        for parameter in intent.parameters {
            if let value = values[parameter.name] { spoken[parameter.name] = self.spoken(value, of: parameter) }
        }
        return spoken
    }
}
