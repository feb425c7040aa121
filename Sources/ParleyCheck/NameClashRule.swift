import ParleyGrammar
import ParleyTable

/// `name-clash`: an app name or synonym equal to another app's, or containing another app's
/// name as a run of words — people cannot tell which app they address. Found through an index
/// of every name's word runs, so a thousand apps cost no more than their names.
enum NameClashRule {
    static func check(_ compiled: CompiledTable) -> [Diagnostic] {
        let apps = compiled.table.apps
        var owners: [[String]: [(app: Int, name: Located<String>)]] = [:]
        for (index, app) in apps.enumerated() {
            for name in app.spokenNames {
                let tokens = TextNormalizer.tokens(name.value)
                guard !tokens.isEmpty else { continue }
                owners[tokens, default: []].append((index, name))
            }
        }
        var findings: [Diagnostic] = []
        var reported: Set<[SourceLocation]> = []
        for (index, app) in apps.enumerated() {
            for name in app.spokenNames {
                let tokens = TextNormalizer.tokens(name.value)
                for start in tokens.indices {
                    for end in (start + 1)...tokens.count {
                        for other in owners[Array(tokens[start..<end])] ?? [] where other.app != index {
                            let equal = end - start == tokens.count
                            let pair = [name.location, other.name.location].sorted()
                            guard reported.insert(pair).inserted else { continue }
                            let message = equal
                                ? "“\(name.value)” is also a name of \(apps[other.app].name.value)"
                                : "“\(name.value)” contains “\(other.name.value)”, a name of \(apps[other.app].name.value)"
                            findings.append(Diagnostic(
                                rule: Rule.nameClash, severity: .error, message: message, at: name.location,
                                related: [other.name.location], example: name.value.lowercased(),
                                help: "give each app a name no other app's name is part of"))
                        }
                    }
                }
            }
        }
        return findings
    }
}

/// `value-clash`: one spoken value (title or synonym) belonging to two cases of a type or two
/// options of a parameter.
enum ValueClashRule {
    static func check(_ table: PhraseTable) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        func scan(_ values: [(id: String, forms: [Located<String>])], what: String) {
            var owner: [[String]: (id: String, at: SourceLocation)] = [:]
            for value in values {
                var own: Set<[String]> = []
                for form in value.forms {
                    let tokens = TextNormalizer.tokens(form.value)
                    guard !tokens.isEmpty, own.insert(tokens).inserted else { continue }
                    if let first = owner[tokens], first.id != value.id {
                        findings.append(Diagnostic(
                            rule: Rule.valueClash, severity: .warning,
                            message: "“\(form.value)” names both ‘\(first.id)’ and ‘\(value.id)’ of \(what)",
                            at: form.location, related: [first.at], example: tokens.joined(separator: " "),
                            help: "people who say it will be asked which one they mean; drop it from one of them if that is not wanted"))
                    } else {
                        owner[tokens] = (value.id, form.location)
                    }
                }
            }
        }
        for app in table.apps {
            for type in app.types {
                scan(type.cases.map { ($0.id, $0.spokenForms) }, what: type.name)
            }
            for intent in app.intents {
                for parameter in intent.parameters {
                    if case .list(let options) = parameter.options {
                        scan(options.map { ($0.value, [$0]) }, what: "‘\(parameter.name)’")
                    }
                }
            }
        }
        return findings
    }
}
