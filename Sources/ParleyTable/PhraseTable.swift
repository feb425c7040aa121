/// Everything Parley knows: the apps read from a folder of phrase tables (one app per file).
public struct PhraseTable: Sendable {
    public var apps: [App]

    public init(apps: [App]) { self.apps = apps }
}

/// One app: its spoken names, value types, intents and App Shortcuts (`phrase-table.md`).
public struct App: Sendable {
    /// The file this app was read from, as given to the reader.
    public var file: String
    public var name: Located<String>
    public var synonyms: [Located<String>]
    /// argv of the app's handler program, relative paths resolved against the file's folder.
    public var handler: Located<[String]>?
    public var types: [ValueType]
    public var intents: [Intent]
    public var shortcuts: [Shortcut]
    /// Where the `shortcuts` key was written (for `too-many-shortcuts`).
    public var shortcutsLocation: SourceLocation?

    public init(
        file: String, name: Located<String>, synonyms: [Located<String>] = [],
        handler: Located<[String]>? = nil, types: [ValueType] = [], intents: [Intent] = [],
        shortcuts: [Shortcut] = [], shortcutsLocation: SourceLocation? = nil
    ) {
        self.file = file
        self.name = name
        self.synonyms = synonyms
        self.handler = handler
        self.types = types
        self.intents = intents
        self.shortcuts = shortcuts
        self.shortcutsLocation = shortcutsLocation
    }

    /// The app's name followed by its synonyms: every way people address it.
    public var spokenNames: [Located<String>] { [name] + synonyms }

    public func type(named name: String) -> ValueType? { types.first { $0.name == name } }
    public func intent(withID id: String) -> Intent? { intents.first { $0.id == id } }
}

/// A finite list of values (Apple's AppEnum): case ids with spoken titles and synonyms.
public struct ValueType: Sendable {
    public var name: String
    public var location: SourceLocation
    public var cases: [TypeCase]

    public init(name: String, location: SourceLocation, cases: [TypeCase]) {
        self.name = name
        self.location = location
        self.cases = cases
    }
}

/// One case of a `ValueType`: the id events and handlers see, and how it is spoken.
public struct TypeCase: Sendable {
    public var id: String
    public var location: SourceLocation
    public var title: Located<String>
    public var synonyms: [Located<String>]

    public init(id: String, location: SourceLocation, title: Located<String>, synonyms: [Located<String>] = []) {
        self.id = id
        self.location = location
        self.title = title
        self.synonyms = synonyms
    }

    /// The title followed by the synonyms.
    public var spokenForms: [Located<String>] { [title] + synonyms }
}

/// What an app can do, with its parameters in resolution order.
public struct Intent: Sendable {
    public var id: String
    public var location: SourceLocation
    public var title: Located<String>?
    public var parameters: [Parameter]
    public var summary: [SummaryVariant]
    public var confirmation: Located<String>?
    public var outputs: [Output]
    public var response: Located<String>?
    public var failure: Located<String>?
    /// Templates that fill several parameters in one answer (a Parley extension).
    public var sentences: [Located<String>]

    public init(
        id: String, location: SourceLocation, title: Located<String>?, parameters: [Parameter] = [],
        summary: [SummaryVariant] = [], confirmation: Located<String>? = nil, outputs: [Output] = [],
        response: Located<String>? = nil, failure: Located<String>? = nil, sentences: [Located<String>] = []
    ) {
        self.sentences = sentences
        self.id = id
        self.location = location
        self.title = title
        self.parameters = parameters
        self.summary = summary
        self.confirmation = confirmation
        self.outputs = outputs
        self.response = response
        self.failure = failure
    }

    public func parameter(named name: String) -> Parameter? { parameters.first { $0.name == name } }
}

/// A value the handler fills in when the intent is handled (`outputs:`).
public struct Output: Sendable {
    public var name: String
    public var type: Located<String>

    public init(name: String, type: Located<String>) {
        self.name = name
        self.type = type
    }
}

/// A parameter summary, possibly only for some parent values (`when`).
public struct SummaryVariant: Sendable {
    public var condition: Condition?
    public var text: Located<String>

    public init(condition: Condition?, text: Located<String>) {
        self.condition = condition
        self.text = text
    }
}

/// `when: {parent: value}` or `{parent: [values]}`: holds when every named parent has one of
/// the listed values.
public struct Condition: Sendable {
    public var location: SourceLocation
    public var clauses: [Clause]

    public struct Clause: Sendable {
        public var parent: Located<String>
        public var values: [Located<String>]

        public init(parent: Located<String>, values: [Located<String>]) {
            self.parent = parent
            self.values = values
        }
    }

    public init(location: SourceLocation, clauses: [Clause]) {
        self.location = location
        self.clauses = clauses
    }
}
