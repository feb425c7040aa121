import ParleyGrammar

/// What happened at one step of a conversation (`conversation.md`, “parley converse”).
/// Every event carries `text`: what is spoken, or nil.
public enum ConversationEvent: Sendable, Equatable {
    case recognized(app: String, intent: String, parameters: [(String, ParameterValue)], text: String?)
    case ask(kind: QuestionKind, parameter: String?, options: [String]?, reason: AskReason?, text: String)
    case done(app: String, intent: String, parameters: [(String, ParameterValue)], outputs: [(String, OutputValue)], text: String)
    case cancelled(text: String)
    case notRecognized(text: String)
    case failed(reason: String, text: String)

    /// What is spoken for this event.
    public var text: String? {
        switch self {
        case .recognized(_, _, _, let text): text
        case .ask(_, _, _, _, let text), .done(_, _, _, _, let text), .cancelled(let text), .notRecognized(let text),
             .failed(_, let text): text
        }
    }

    /// Whether this event ends the conversation.
    public var endsConversation: Bool {
        switch self {
        case .recognized, .ask: false
        default: true
        }
    }

    /// The event's name in JSON.
    public var name: String {
        switch self {
        case .recognized: "recognized"
        case .ask: "ask"
        case .done: "done"
        case .cancelled: "cancelled"
        case .notRecognized: "notRecognized"
        case .failed: "failed"
        }
    }

    /// One JSON object, as `parley converse --json` prints it.
    public var json: String {
        func object(_ pairs: [(String, ParameterValue)]) -> String {
            "{" + pairs.map { "\(JSON.quote($0.0)):\($0.1.json)" }.joined(separator: ",") + "}"
        }
        let spoken = text.map(JSON.quote) ?? "null"
        switch self {
        case .recognized(let app, let intent, let parameters, _):
            return "{\"event\":\"recognized\",\"app\":\(JSON.quote(app)),\"intent\":\(JSON.quote(intent)),\"parameters\":\(object(parameters)),\"text\":\(spoken)}"
        case .ask(let kind, let parameter, let options, let reason, _):
            let list = options.map { "[" + $0.map(JSON.quote).joined(separator: ",") + "]" } ?? "null"
            return "{\"event\":\"ask\",\"kind\":\"\(kind.rawValue)\",\"parameter\":\(parameter.map(JSON.quote) ?? "null"),\"options\":\(list),\"reason\":\(reason.map { JSON.quote($0.rawValue) } ?? "null"),\"text\":\(spoken)}"
        case .done(let app, let intent, let parameters, let outputs, _):
            let outputObject = "{" + outputs.map { "\(JSON.quote($0.0)):\($0.1.json)" }.joined(separator: ",") + "}"
            return "{\"event\":\"done\",\"app\":\(JSON.quote(app)),\"intent\":\(JSON.quote(intent)),\"parameters\":\(object(parameters)),\"outputs\":\(outputObject),\"text\":\(spoken)}"
        case .failed(let reason, _):
            return "{\"event\":\"failed\",\"reason\":\(JSON.quote(reason)),\"text\":\(spoken)}"
        case .cancelled, .notRecognized:
            return "{\"event\":\"\(name)\",\"text\":\(spoken)}"
        }
    }

    public static func == (lhs: ConversationEvent, rhs: ConversationEvent) -> Bool { lhs.json == rhs.json }
}

/// Why a question is asked again.
public enum AskReason: String, Sendable {
    case unsupported, notUnderstood, silence
}

/// A value a handler returned as an output: a number, text, truth value or nothing.
public enum OutputValue: Sendable, Equatable {
    case number(Double)
    case text(String)
    case boolean(Bool)
    case null

    public var json: String {
        switch self {
        case .number(let value):
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .text(let value): JSON.quote(value)
        case .boolean(let value): String(value)
        case .null: "null"
        }
    }
}
