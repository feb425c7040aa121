import ParleyDialogue
import ParleyGrammar
import ParleyTable

/// How one command came out, judged the benchmark's way: right only when the conversation
/// ends `done` with the labelled intent, every labelled slot at its labelled value, and no
/// other slot filled.
public enum CommandOutcome: Sendable, Equatable {
    case right
    /// Done, but some slots differ: the labelled slots that are missing or wrong, and the
    /// extra ones, each as `name=value`.
    case wrongSlots(missing: [String], wrong: [String], extra: [String])
    /// Done with another intent.
    case wrongIntent(String)
    /// The dialogue asked something instead of finishing: the question kind and its reason
    /// (`notUnderstood`, `silence`, or `confirmValue` after a low confidence).
    case asked(kind: String, reason: String?)
    /// The conversation ended otherwise (`failed`, `cancelled`, …) or produced nothing.
    case ended(String)

    /// A short name of the failure cause, for tallies.
    public var cause: String {
        switch self {
        case .right: "right"
        case .wrongSlots(let missing, let wrong, let extra):
            !wrong.isEmpty ? "wrong value" : !missing.isEmpty ? "missing slot" : extra.isEmpty ? "wrong slots" : "extra slot"
        case .wrongIntent: "wrong intent"
        case .asked(let kind, let reason): reason.map { "asked again (\($0))" } ?? "asked \(kind)"
        case .ended(let event): "ended: \(event)"
        }
    }
}

/// Scores the events of one command against its label.
public enum CommandScore {
    /// The outcome of `events` (the dialogue's answer to the spoken turn) for `expected`.
    /// Labelled slot values are read through the app's own types (`ParameterValue.parse`:
    /// case id, title or synonym); the intent compares without regard to case
    /// (`orderDrink` is `OrderDrink`).
    public static func judge(_ events: [ConversationEvent], expected: LabelledCommand, app: App) -> CommandOutcome {
        guard let last = events.last else { return .ended("nothing") }
        switch last {
        case .done(_, let intentID, let parameters, _, _):
            guard intentID.lowercased() == expected.intent.lowercased(), let intent = app.intent(withID: intentID) else {
                return .wrongIntent(intentID)
            }
            var got: [String: ParameterValue] = [:]
            for (name, value) in parameters { got[name] = value }
            var missing: [String] = [], wrong: [String] = [], extra: [String] = []
            for (name, text) in expected.slots.sorted(by: { $0.key < $1.key }) {
                let want = intent.parameter(named: name).flatMap { ParameterValue.parse(text, for: $0, in: app) }
                guard let value = got[name] else {
                    missing.append("\(name)=\(text)")
                    continue
                }
                if want != value { wrong.append("\(name)=\(value) (not \(text))") }
            }
            for (name, value) in parameters where expected.slots[name] == nil { extra.append("\(name)=\(value)") }
            return missing.isEmpty && wrong.isEmpty && extra.isEmpty ? .right : .wrongSlots(missing: missing, wrong: wrong, extra: extra)
        case .ask(let kind, _, _, let reason, _):
            return .asked(kind: kind.rawValue, reason: reason?.rawValue)
        default:
            return .ended(last.name)
        }
    }
}
