import ParleyGrammar
import ParleyJSON
import ParleyTable

/// A question Parley asks an app's handler (`docs/handlers.md`): one JSON line each.
public struct HandlerRequest: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// Check (or supply) one parameter's value; answered with a resolution result.
        case resolve
        /// List the values of an `options: dynamic` parameter.
        case options
        /// Say whether the intent can go ahead, before the confirmation question.
        case confirm
        /// Perform the intent; answered with outputs and an optional dialog.
        case handle
    }

    public var kind: Kind
    public var app: String
    public var intent: String
    public var parameter: String?
    public var value: ParameterValue?
    /// Every value so far, in the intent's order.
    public var parameters: [(String, ParameterValue)]

    public init(kind: Kind, app: String, intent: String, parameter: String? = nil, value: ParameterValue? = nil,
                parameters: [(String, ParameterValue)]) {
        self.kind = kind
        self.app = app
        self.intent = intent
        self.parameter = parameter
        self.value = value
        self.parameters = parameters
    }

    /// The request as one JSON line (no newline), with a request id the reply must echo.
    public func json(id: Int) -> String {
        var fields = ["\"id\":\(id)", "\"type\":\"\(kind.rawValue)\"", "\"app\":\(JSON.quote(app))", "\"intent\":\(JSON.quote(intent))"]
        if let parameter { fields.append("\"parameter\":\(JSON.quote(parameter))") }
        if kind == .resolve { fields.append("\"value\":\(value?.json ?? "null")") }
        fields.append("\"parameters\":{" + parameters.map { "\(JSON.quote($0.0)):\($0.1.json)" }.joined(separator: ",") + "}")
        return "{" + fields.joined(separator: ",") + "}"
    }

    public static func == (lhs: HandlerRequest, rhs: HandlerRequest) -> Bool { lhs.json(id: 0) == rhs.json(id: 0) }
}

/// The six resolution results of a parameter (`conversation.md`, step 2).
public enum Resolution: Sendable, Equatable {
    /// Valid; the handler may replace the value (nil keeps it).
    case success(ParameterValue?)
    case needsValue(prompt: String?)
    case disambiguation([Choice], prompt: String?)
    case unsupported(reason: String?)
    case confirmationRequired(ParameterValue?)
    case notRequired
}

/// A handler's answer to one request.
public enum HandlerReply: Sendable, Equatable {
    case resolution(Resolution)
    case options([Choice])
    case ready
    case handled(outputs: [(String, OutputValue)], dialog: String?)
    case failure(dialog: String?)

    public static func == (lhs: HandlerReply, rhs: HandlerReply) -> Bool { "\(lhs)" == "\(rhs)" }
}

/// A reply that is not what the protocol says.
public struct HandlerProtocolError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

extension HandlerReply {
    /// Reads one reply line to `request`, interpreting values by the parameter's type.
    public static func decode(_ line: String, for request: HandlerRequest, id: Int, parameter: Parameter?, app: App) throws(HandlerProtocolError) -> HandlerReply {
        guard let reply = try? JSONValue.parse(line), case .object = reply else {
            throw HandlerProtocolError(description: "the reply is not a JSON object: \(line.prefix(80))")
        }
        if let replyID = reply["id"]?.doubleValue, Int(replyID) != id {
            throw HandlerProtocolError(description: "the reply answers request \(Int(replyID)), not \(id)")
        }
        let result = reply["result"]?.stringValue
        let dialog = reply["dialog"]?.stringValue
        if result == "failure" { return .failure(dialog: dialog) }
        switch request.kind {
        case .resolve:
            let value = try reply["value"].flatMap { raw throws(HandlerProtocolError) in try parameterValue(raw, parameter, app) }
            switch result {
            case "success": return .resolution(.success(value))
            case "needsValue": return .resolution(.needsValue(prompt: dialog))
            case "disambiguation": return .resolution(.disambiguation(try choices(reply["options"], parameter, app), prompt: dialog))
            case "unsupported": return .resolution(.unsupported(reason: dialog))
            case "confirmationRequired": return .resolution(.confirmationRequired(value))
            case "notRequired": return .resolution(.notRequired)
            default: throw HandlerProtocolError(description: "unknown resolution result \(result ?? "null")")
            }
        case .options:
            return .options(try choices(reply["options"], parameter, app))
        case .confirm:
            guard result == "ready" || result == "success" else {
                throw HandlerProtocolError(description: "a confirm reply's result must be ready or failure")
            }
            return .ready
        case .handle:
            guard result == "success" else { throw HandlerProtocolError(description: "a handle reply's result must be success or failure") }
            var outputs: [(String, OutputValue)] = []
            if case .object(let fields)? = reply["outputs"] {
                for key in fields.keys.sorted() {
                    let output: OutputValue = switch fields[key] {
                    case .integer(let value)?: .number(Double(value))
                    case .number(let value)?: .number(value)
                    case .string(let text)?: .text(text)
                    case .bool(let flag)?: .boolean(flag)
                    default: .null
                    }
                    outputs.append((key, output))
                }
            }
            return .handled(outputs: outputs, dialog: dialog)
        }
    }

    static func parameterValue(_ raw: JSONValue, _ parameter: Parameter?, _ app: App) throws(HandlerProtocolError) -> ParameterValue? {
        if raw == .null { return nil }
        guard let parameter else { throw HandlerProtocolError(description: "a value for no parameter") }
        guard let text = raw.scalarText else { throw HandlerProtocolError(description: "a value must be text, a number or true/false") }
        if case .dynamic = parameter.options { return .option(text) }
        guard let value = ParameterValue.parse(text, for: parameter, in: app) else {
            throw HandlerProtocolError(description: "‘\(text)’ is not a value of ‘\(parameter.name)’")
        }
        return value
    }

    /// Options as texts, or objects `{id, title, synonyms}` for a typed parameter.
    static func choices(_ raw: JSONValue?, _ parameter: Parameter?, _ app: App) throws(HandlerProtocolError) -> [Choice] {
        guard case .array(let items)? = raw else { throw HandlerProtocolError(description: "options must be a list") }
        let isTyped: Bool = if let parameter, case .custom = parameter.type.value { true } else { false }
        var result: [Choice] = []
        for item in items {
            if let title = item.stringValue {
                let value: ParameterValue = if isTyped, let parameter {
                    ParameterValue.parse(title, for: parameter, in: app) ?? .option(title)
                } else {
                    .option(title)
                }
                result.append(Choice(value: value, title: title, forms: [TextNormalizer.tokens(title)]))
            } else if let title = item["title"]?.stringValue {
                let id = item["id"]?.stringValue ?? title
                var synonyms: [String] = []
                if case .array(let list)? = item["synonyms"] { synonyms = list.compactMap(\.stringValue) }
                result.append(Choice(value: isTyped ? .caseID(id) : .option(title), title: title,
                                     forms: ([title] + synonyms).map(TextNormalizer.tokens)))
            } else {
                throw HandlerProtocolError(description: "an option must be text or {id, title, synonyms}")
            }
        }
        return result
    }
}
