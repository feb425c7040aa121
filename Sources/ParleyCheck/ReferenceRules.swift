import ParleyGrammar
import ParleyTable

/// `unknown-reference`, `unfilled-output` and `too-many-shortcuts`: names that point nowhere,
/// outputs nobody fills, and apps with more shortcuts than people can remember.
enum ReferenceRules {
    static let builtinTypes = ["string", "integer", "decimal", "boolean", "duration", "time", "date"]
    static let outputTypes = builtinTypes + ["currency"]
    static let maximumShortcuts = 10

    static func check(_ table: PhraseTable) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        func error(_ rule: String, _ message: String, _ location: SourceLocation, help: String? = nil) {
            findings.append(Diagnostic(rule: rule, severity: .error, message: message, at: location, help: help))
        }
        for app in table.apps {
            if app.shortcuts.count > maximumShortcuts {
                error(Rule.tooManyShortcuts,
                      "\(app.name.value) has \(app.shortcuts.count) shortcuts; an app has at most \(maximumShortcuts)",
                      app.shortcuts[maximumShortcuts].location,
                      help: "merge shortcuts with alternatives “(a | b)” or drop the least used ones")
            }
            let typeNames = app.types.map(\.name)
            for intent in app.intents {
                let parameterNames = intent.parameters.map(\.name)
                for parameter in intent.parameters {
                    if case .custom(let name) = parameter.type.value, !typeNames.contains(name) {
                        error(Rule.unknownReference, "no type ‘\(name)’", parameter.type.location,
                              help: "use one of: \((builtinTypes + typeNames).joined(separator: ", "))")
                    }
                    if let value = parameter.defaultValue, ParameterValue.parse(value.value, for: parameter, in: app) == nil {
                        error(Rule.unknownReference, "the default ‘\(value.value)’ is not a value of ‘\(parameter.name)’", value.location)
                    }
                    if let condition = parameter.condition {
                        findings += conditionFindings(condition, intent: intent, app: app, before: parameter.name)
                    }
                    for text in [parameter.prompt, parameter.disambiguation, parameter.unsupported].compactMap({ $0 }) {
                        findings += placeholderFindings(text, allowed: parameterNames, what: "parameter")
                    }
                }
                for output in intent.outputs where !outputTypes.contains(output.type.value) && !typeNames.contains(output.type.value) {
                    error(Rule.unknownReference, "no type ‘\(output.type.value)’ for output ‘\(output.name)’", output.type.location,
                          help: "use one of: \((outputTypes + typeNames).joined(separator: ", "))")
                }
                for variant in intent.summary {
                    if let condition = variant.condition {
                        findings += conditionFindings(condition, intent: intent, app: app, before: nil)
                    }
                    findings += placeholderFindings(variant.text, allowed: parameterNames, what: "parameter")
                }
                if let confirmation = intent.confirmation {
                    findings += placeholderFindings(confirmation, allowed: parameterNames, what: "parameter")
                }
                let outputNames = intent.outputs.map(\.name)
                for text in [intent.response, intent.failure].compactMap({ $0 }) {
                    findings += placeholderFindings(text, allowed: parameterNames + outputNames, what: "parameter or output")
                    guard app.handler == nil, let places = try? TextPlaceholders.scan(text.value) else { continue }
                    for place in places where outputNames.contains(place.name) {
                        error(Rule.unfilledOutput,
                              "‘{\(place.name)}’ is an output, but \(app.name.value) has no handler to fill it",
                              text.location.advanced(by: place.offset),
                              help: "add `handler:` to the app, or say the text without {\(place.name)}")
                    }
                }
            }
        }
        return findings
    }

    /// `when` clauses: the parent must be an earlier parameter and each value one of its values.
    private static func conditionFindings(_ condition: Condition, intent: Intent, app: App, before: String?) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for clause in condition.clauses {
            guard let parent = intent.parameter(named: clause.parent.value), parent.name != before else {
                findings.append(Diagnostic(
                    rule: Rule.unknownReference, severity: .error,
                    message: "‘when’ names ‘\(clause.parent.value)’, which is not another parameter of ‘\(intent.id)’",
                    at: clause.parent.location,
                    help: "use one of: \(intent.parameters.map(\.name).filter { $0 != before }.joined(separator: ", "))"))
                continue
            }
            for value in clause.values where ParameterValue.parse(value.value, for: parent, in: app) == nil {
                findings.append(Diagnostic(
                    rule: Rule.unknownReference, severity: .error,
                    message: "‘\(value.value)’ is not a value of ‘\(parent.name)’", at: value.location))
            }
        }
        return findings
    }

    /// `{name}` placeholders of a spoken text must name something the intent has.
    private static func placeholderFindings(_ text: Located<String>, allowed: [String], what: String) -> [Diagnostic] {
        do {
            return try TextPlaceholders.scan(text.value).filter { !allowed.contains($0.name) }.map { place in
                Diagnostic(rule: Rule.unknownReference, severity: .error,
                           message: "‘{\(place.name)}’ is not a \(what) of this intent",
                           at: text.location.advanced(by: place.offset),
                           help: allowed.isEmpty ? "remove the placeholder" : "use one of: \(allowed.map { "{\($0)}" }.joined(separator: ", "))")
            }
        } catch {
            return [Diagnostic(rule: Rule.syntax, severity: .error, message: error.message,
                               at: text.location.advanced(by: error.offset), help: error.help)]
        }
    }
}
