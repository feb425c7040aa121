import Foundation
import Yams

/// Reads one app file's root node into an `App` (keys of `phrase-table.md`).
struct AppReader {
    let reader: YAMLNodeReader

    static let rootKeys = ["app", "types", "intents", "shortcuts"]
    static let appKeys = ["name", "synonyms", "handler"]
    static let intentKeys = ["title", "parameters", "summary", "confirmation", "outputs", "response", "failure", "sentences"]
    static let parameterKeys = [
        "type", "title", "default", "optional", "prompt", "disambiguation", "confirm", "min", "max",
        "unsupported", "options", "when",
    ]
    static let shortcutKeys = ["intent", "title", "parameters", "phrases"]

    func read(_ root: Node) -> App? {
        guard let pairs = reader.mapping(root, what: "the phrase table", allowed: Self.rootKeys, required: ["app"]) else {
            return nil
        }
        var app = App(file: reader.file, name: Located("", at: reader.location(of: root)))
        var sawName = false
        for (key, value) in pairs {
            switch key.value {
            case "app":
                guard let fields = reader.mapping(value, what: "app", allowed: Self.appKeys, required: ["name"]) else { continue }
                for (field, node) in fields {
                    switch field.value {
                    case "name":
                        if let name = reader.string(node, what: "the app name") {
                            app.name = name
                            sawName = true
                        }
                    case "synonyms": app.synonyms = reader.strings(node, what: "an app synonym")
                    default: app.handler = handler(node)
                    }
                }
            case "types": app.types = types(value)
            case "intents": app.intents = intents(value)
            default:
                app.shortcutsLocation = key.location
                app.shortcuts = shortcuts(value)
            }
        }
        return sawName ? app : nil
    }

    private func handler(_ node: Node) -> Located<[String]>? {
        let argv = reader.strings(node, what: "the handler command")
        guard let first = argv.first else { return nil }
        var words = argv.map(\.value)
        if words[0].contains("/"), !words[0].hasPrefix("/") {
            let folder = (reader.file as NSString).deletingLastPathComponent
            words[0] = folder.isEmpty ? words[0] : "\(folder)/\(words[0])"
        }
        return Located(words, at: first.location)
    }

    private func types(_ node: Node) -> [ValueType] {
        guard let pairs = reader.mapping(node, what: "types") else { return [] }
        return pairs.compactMap { name, value in
            guard let cases = reader.mapping(value, what: "type ‘\(name.value)’") else { return nil }
            return ValueType(name: name.value, location: name.location, cases: cases.compactMap { id, caseNode in
                typeCase(id: id, node: caseNode, typeName: name.value)
            })
        }
    }

    private func typeCase(id: Located<String>, node: Node, typeName: String) -> TypeCase? {
        if case .scalar = node, let title = reader.string(node, what: "a case title") {
            return TypeCase(id: id.value, location: id.location, title: title)
        }
        guard let fields = reader.mapping(node, what: "case ‘\(id.value)’ of \(typeName)", allowed: ["title", "synonyms"],
                                          required: ["title"]) else { return nil }
        var title: Located<String>?
        var synonyms: [Located<String>] = []
        for (field, value) in fields {
            if field.value == "title" {
                title = reader.string(value, what: "a case title")
            } else {
                synonyms = reader.strings(value, what: "a case synonym")
            }
        }
        guard let title else { return nil }
        return TypeCase(id: id.value, location: id.location, title: title, synonyms: synonyms)
    }

    private func intents(_ node: Node) -> [Intent] {
        guard let pairs = reader.mapping(node, what: "intents") else { return [] }
        return pairs.compactMap { id, value in intent(id: id, node: value) }
    }

    private func intent(id: Located<String>, node: Node) -> Intent? {
        guard let fields = reader.mapping(node, what: "intent ‘\(id.value)’", allowed: Self.intentKeys, required: ["title"]) else {
            return nil
        }
        var intent = Intent(id: id.value, location: id.location, title: nil)
        for (field, value) in fields {
            switch field.value {
            case "title": intent.title = reader.string(value, what: "an intent title")
            case "parameters":
                guard let params = reader.mapping(value, what: "parameters of ‘\(id.value)’") else { continue }
                intent.parameters = params.compactMap { name, node in parameter(name: name, node: node) }
            case "summary": intent.summary = summary(value)
            case "confirmation": intent.confirmation = reader.string(value, what: "the confirmation")
            case "outputs":
                guard let outputs = reader.mapping(value, what: "outputs of ‘\(id.value)’") else { continue }
                intent.outputs = outputs.compactMap { name, node in
                    reader.string(node, what: "an output type").map { Output(name: name.value, type: $0) }
                }
            case "response": intent.response = reader.string(value, what: "the response")
            case "sentences":
                guard case .sequence(let items) = value else {
                    reader.wrongType(value, expected: "a list of templates", what: "sentences")
                    continue
                }
                intent.sentences = items.compactMap { reader.string($0, what: "a sentence") }
            default: intent.failure = reader.string(value, what: "the failure text")
            }
        }
        return intent
    }

    private func parameter(name: Located<String>, node: Node) -> Parameter? {
        guard let fields = reader.mapping(node, what: "parameter ‘\(name.value)’", allowed: Self.parameterKeys,
                                          required: ["type"]) else { return nil }
        var type: Located<ParameterType>?
        var parameter = Parameter(name: name.value, location: name.location,
                                  type: Located(.string, at: name.location))
        for (field, value) in fields {
            switch field.value {
            case "type":
                type = reader.string(value, what: "a parameter type").map { Located(ParameterType(name: $0.value), at: $0.location) }
            case "title": parameter.title = reader.string(value, what: "a parameter title")
            case "default": parameter.defaultValue = reader.string(value, what: "a default value")
            case "optional": parameter.optional = reader.bool(value, what: "optional") ?? false
            case "prompt": parameter.prompt = reader.string(value, what: "a prompt")
            case "disambiguation": parameter.disambiguation = reader.string(value, what: "a disambiguation prompt")
            case "confirm": parameter.confirm = reader.bool(value, what: "confirm") ?? false
            case "min": parameter.min = reader.number(value, what: "min")
            case "max": parameter.max = reader.number(value, what: "max")
            case "unsupported": parameter.unsupported = reader.string(value, what: "the unsupported text")
            case "options":
                if case .scalar(let scalar) = value, scalar.string == "dynamic" {
                    parameter.options = .dynamic(reader.location(of: value))
                } else if case .sequence = value {
                    parameter.options = .list(reader.strings(value, what: "an option"))
                } else {
                    reader.wrongType(value, expected: "a list of texts or ‘dynamic’", what: "options")
                }
            default: parameter.condition = condition(value)
            }
        }
        guard let type else { return nil }
        parameter.type = type
        return parameter
    }

    private func condition(_ node: Node) -> Condition? {
        guard let pairs = reader.mapping(node, what: "when") else { return nil }
        return Condition(location: reader.location(of: node), clauses: pairs.map { parent, value in
            Condition.Clause(parent: parent, values: reader.strings(value, what: "a ‘when’ value"))
        })
    }

    private func summary(_ node: Node) -> [SummaryVariant] {
        if case .scalar = node {
            return reader.string(node, what: "the summary").map { [SummaryVariant(condition: nil, text: $0)] } ?? []
        }
        guard case .sequence(let variants) = node else {
            reader.wrongType(node, expected: "text or a list of {when, text}", what: "the summary")
            return []
        }
        return variants.compactMap { variant in
            guard let fields = reader.mapping(variant, what: "a summary variant", allowed: ["when", "text"], required: ["text"]) else {
                return nil
            }
            var text: Located<String>?
            var when: Condition?
            for (field, value) in fields {
                if field.value == "text" { text = reader.string(value, what: "a summary text") } else { when = condition(value) }
            }
            return text.map { SummaryVariant(condition: when, text: $0) }
        }
    }

    private func shortcuts(_ node: Node) -> [Shortcut] {
        guard case .sequence(let items) = node else {
            reader.wrongType(node, expected: "a list of shortcuts", what: "shortcuts")
            return []
        }
        return items.compactMap { item in
            guard let fields = reader.mapping(item, what: "a shortcut", allowed: Self.shortcutKeys,
                                              required: ["intent", "phrases"]) else { return nil }
            var shortcut = Shortcut(location: reader.location(of: item), intent: Located("", at: reader.location(of: item)))
            var hasIntent = false
            for (field, value) in fields {
                switch field.value {
                case "intent":
                    if let intent = reader.string(value, what: "the shortcut's intent") {
                        shortcut.intent = intent
                        hasIntent = true
                    }
                case "title": shortcut.title = reader.string(value, what: "a shortcut title")
                case "parameters":
                    guard let presets = reader.mapping(value, what: "preset parameters") else { continue }
                    shortcut.presets = presets.compactMap { name, node in
                        reader.string(node, what: "a preset value").map { (name, $0) }
                    }
                default:
                    guard case .sequence(let phrases) = value else {
                        reader.wrongType(value, expected: "a list of phrases", what: "phrases")
                        continue
                    }
                    shortcut.phrases = phrases.compactMap { reader.string($0, what: "a phrase") }
                }
            }
            return hasIntent ? shortcut : nil
        }
    }
}
