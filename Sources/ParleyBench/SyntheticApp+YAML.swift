extension SyntheticApp {
    /// The app as a phrase-table file (`phrase-table.md`), block style, templates that start
    /// with `{`, `[` or `(` quoted as the format asks.
    func yaml(header: String) -> String {
        var out = "# \(header)\n"
        out += "app:\n  name: \(name)\n"
        if !synonyms.isEmpty { out += "  synonyms: [\(synonyms.joined(separator: ", "))]\n" }
        out += "types:\n"
        for type in types {
            out += "  \(type.name):\n"
            for item in type.cases {
                if item.synonyms.isEmpty {
                    out += "    \(item.id): \(item.title)\n"
                } else {
                    out += "    \(item.id): {title: \(item.title), synonyms: [\(item.synonyms.joined(separator: ", "))]}\n"
                }
            }
        }
        out += "intents:\n"
        for intent in intents {
            out += "  \(intent.id):\n    title: \(intent.title)\n    parameters:\n"
            for parameter in intent.parameters {
                out += "      \(parameter.name):\n"
                switch parameter.kind {
                case .custom(let type):
                    out += "        type: \(types[type].name)\n"
                case .integer(let min, let max, let defaultValue):
                    out += "        type: integer\n"
                    if let defaultValue { out += "        default: \(defaultValue)\n" }
                    out += "        min: \(min)\n        max: \(max)\n"
                    out += "        unsupported: Sorry, at most \(max).\n"
                case .options(let options):
                    out += "        type: string\n"
                    out += "        options: [\(options.joined(separator: ", "))]\n"
                }
                if let when = parameter.when { out += "        when: {\(when.parent): \(when.value)}\n" }
                out += "        prompt: \(parameter.prompt)\n"
            }
            out += "    summary: \(intent.summary)\n"
            if let confirmation = intent.confirmation { out += "    confirmation: \(confirmation)\n" }
            out += "    response: \(intent.response)\n"
        }
        out += "shortcuts:\n"
        for shortcut in shortcuts {
            out += "  - intent: \(intents[shortcut.intent].id)\n"
            if let title = shortcut.title { out += "    title: \(title)\n" }
            if !shortcut.presets.isEmpty {
                out += "    parameters: {\(shortcut.presets.map { "\($0.name): \($0.value)" }.joined(separator: ", "))}\n"
            }
            out += "    phrases:\n"
            for phrase in shortcut.phrases {
                out += "      - \(Self.quotedIfNeeded(phrase))\n"
            }
        }
        return out
    }

    /// A template as a YAML scalar: quoted when it starts with a flow indicator.
    static func quotedIfNeeded(_ template: String) -> String {
        guard let first = template.first, "{[(".contains(first) else { return template }
        return "\"" + template.replacingOccurrences("\\", with: "\\\\").replacingOccurrences("\"", with: "\\\"") + "\""
    }
}

extension String {
    /// `self` with every `target` replaced (kept here so the module needs no Foundation for it).
    func replacingOccurrences(_ target: Character, with replacement: String) -> String {
        var out = ""
        for ch in self { if ch == target { out += replacement } else { out.append(ch) } }
        return out
    }
}
