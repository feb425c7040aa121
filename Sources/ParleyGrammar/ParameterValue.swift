import ParleyTable

/// A parameter's value as events and handlers see it (`conversation.md`): a case id, an
/// option's text, a number, a truth value or free text.
public enum ParameterValue: Hashable, Sendable, CustomStringConvertible {
    case caseID(String)
    case option(String)
    case integer(Int)
    case decimal(Double)
    case boolean(Bool)
    case text(String)

    public var description: String {
        switch self {
        case .caseID(let id): id
        case .option(let text), .text(let text): text
        case .integer(let number): String(number)
        case .decimal(let number): String(number)
        case .boolean(let flag): String(flag)
        }
    }

    /// The value as a JSON fragment.
    public var json: String {
        switch self {
        case .caseID(let text), .option(let text), .text(let text): JSON.quote(text)
        case .integer(let number): String(number)
        case .decimal(let number): String(number)
        case .boolean(let flag): String(flag)
        }
    }

    /// Interprets a value written in the table (a default or a preset) by the parameter's type;
    /// nil when it is not a valid value of that parameter.
    public static func parse(_ text: String, for parameter: Parameter, in app: App) -> ParameterValue? {
        switch parameter.type.value {
        case .custom(let typeName):
            guard let type = app.type(named: typeName) else { return nil }
            if type.cases.contains(where: { $0.id == text }) { return .caseID(text) }
            let spoken = TextNormalizer.tokens(text)
            return type.cases.first { $0.spokenForms.contains { TextNormalizer.tokens($0.value) == spoken } }.map { .caseID($0.id) }
        case .integer:
            guard let number = Int(text) ?? TextNormalizer.tokens(text).first.flatMap({ Int($0) }) else { return nil }
            if let min = parameter.min, Double(number) < min.value { return nil }
            if let max = parameter.max, Double(number) > max.value { return nil }
            return .integer(number)
        case .decimal:
            guard let number = Double(text) else { return nil }
            return .decimal(number)
        case .boolean:
            switch text.lowercased() {
            case "true", "yes", "on": return .boolean(true)
            case "false", "no", "off": return .boolean(false)
            default: return nil
            }
        case .string:
            if case .list(let options) = parameter.options {
                let spoken = TextNormalizer.tokens(text)
                return options.first { TextNormalizer.tokens($0.value) == spoken }.map { .option($0.value) }
            }
            return .text(text)
        case .duration, .time, .date:
            return .text(text)
        }
    }
}

/// Minimal JSON text helpers for the command line's output.
public enum JSON {
    /// `text` as a JSON string literal.
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += "\\u" + String(repeatElement("0", count: 4 - String(scalar.value, radix: 16).count))
                        + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
