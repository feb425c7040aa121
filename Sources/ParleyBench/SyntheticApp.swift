/// The in-memory form of one generated app, before it is written as YAML.
struct SyntheticApp {
    struct Case {
        var id: String
        var title: String
        var synonyms: [String]
    }

    struct ValueType {
        var name: String
        var cases: [Case]
    }

    enum Kind {
        case custom(type: Int)
        case integer(min: Int, max: Int, defaultValue: Int?)
        case options([String])
    }

    struct Parameter {
        var name: String
        var kind: Kind
        /// `when: {parent: value}`.
        var when: (parent: String, value: String)?
        var prompt: String
    }

    struct Intent {
        var id: String
        var title: String
        var verbs: [String]
        var parameters: [Parameter]
        var summary: String
        var confirmation: String?
        var response: String
    }

    struct Shortcut {
        var intent: Int
        var title: String?
        var presets: [(name: String, value: String)]
        var phrases: [String]
    }

    var name: String
    var synonyms: [String]
    var types: [ValueType]
    var intents: [Intent]
    var shortcuts: [Shortcut]
}
