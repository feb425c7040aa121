/// The kind of value a parameter holds.
public enum ParameterType: Hashable, Sendable, CustomStringConvertible {
    case string, integer, decimal, boolean, duration, time, date
    /// A name from the app's `types`.
    case custom(String)

    public init(name: String) {
        switch name {
        case "string": self = .string
        case "integer": self = .integer
        case "decimal": self = .decimal
        case "boolean": self = .boolean
        case "duration": self = .duration
        case "time": self = .time
        case "date": self = .date
        default: self = .custom(name)
        }
    }

    public var description: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .decimal: "decimal"
        case .boolean: "boolean"
        case .duration: "duration"
        case .time: "time"
        case .date: "date"
        case .custom(let name): name
        }
    }
}

/// Where a parameter's allowed values come from when it has an `options` key.
public enum ParameterOptions: Sendable {
    /// A fixed list of spoken strings.
    case list([Located<String>])
    /// Asked of the app's handler at run time.
    case dynamic(SourceLocation)
}

/// One parameter of an intent (`phrase-table.md`, “Keys”).
public struct Parameter: Sendable {
    public var name: String
    public var location: SourceLocation
    public var type: Located<ParameterType>
    public var title: Located<String>?
    /// The default exactly as written (a scalar's text); interpreted by its type.
    public var defaultValue: Located<String>?
    public var optional: Bool
    public var prompt: Located<String>?
    public var disambiguation: Located<String>?
    public var confirm: Bool
    public var min: Located<Double>?
    public var max: Located<Double>?
    public var unsupported: Located<String>?
    public var options: ParameterOptions?
    public var condition: Condition?

    public init(
        name: String, location: SourceLocation, type: Located<ParameterType>, title: Located<String>? = nil,
        defaultValue: Located<String>? = nil, optional: Bool = false, prompt: Located<String>? = nil,
        disambiguation: Located<String>? = nil, confirm: Bool = false, min: Located<Double>? = nil,
        max: Located<Double>? = nil, unsupported: Located<String>? = nil, options: ParameterOptions? = nil,
        condition: Condition? = nil
    ) {
        self.name = name
        self.location = location
        self.type = type
        self.title = title
        self.defaultValue = defaultValue
        self.optional = optional
        self.prompt = prompt
        self.disambiguation = disambiguation
        self.confirm = confirm
        self.min = min
        self.max = max
        self.unsupported = unsupported
        self.options = options
        self.condition = condition
    }

    /// The display name: `title`, or the name split at capitals (`orderType` → “Order type”).
    public var displayTitle: String {
        if let title { return title.value }
        var words: [String] = []
        var current = ""
        for ch in name {
            if ch.isUppercase, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(ch)
        }
        if !current.isEmpty { words.append(current) }
        let joined = words.map { $0.lowercased() }.joined(separator: " ")
        return joined.prefix(1).uppercased() + joined.dropFirst()
    }
}

/// One App Shortcut: an intent, optional preset values, and the phrases that start it.
public struct Shortcut: Sendable {
    public var location: SourceLocation
    public var intent: Located<String>
    public var title: Located<String>?
    /// Preset values exactly as written, by parameter name, in the order written.
    public var presets: [(name: Located<String>, value: Located<String>)]
    public var phrases: [Located<String>]

    public init(
        location: SourceLocation, intent: Located<String>, title: Located<String>? = nil,
        presets: [(name: Located<String>, value: Located<String>)] = [], phrases: [Located<String>] = []
    ) {
        self.location = location
        self.intent = intent
        self.title = title
        self.presets = presets
        self.phrases = phrases
    }
}
