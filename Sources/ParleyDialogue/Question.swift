import ParleyGrammar

/// The kinds of question of `conversation.md`.
public enum QuestionKind: String, Sendable {
    case value, disambiguation, confirmValue, confirmIntent, chooseShortcut
}

/// One candidate answer of a finite list: its value and how it is said.
public struct Choice: Sendable, Equatable {
    public var value: ParameterValue
    public var title: String
    /// Normalized token forms: title first, then synonyms.
    public var forms: [[String]]

    public init(value: ParameterValue, title: String, forms: [[String]]) {
        self.value = value
        self.title = title
        self.forms = forms
    }

    public static func == (lhs: Choice, rhs: Choice) -> Bool { lhs.value == rhs.value }
}

/// What kind of answer a question expects.
public enum ExpectedAnswer: Sendable {
    /// One of a finite list (types, options, candidates, shortcuts).
    case choice([Choice])
    case integer(min: Int?, max: Int?)
    case decimal
    /// Yes or no; `verbs` are the intent's own words that also mean yes (“order”, “order it”).
    case yesNo(verbs: [[String]])
    case text
    case duration
    case time
    case date
}

/// A follow-up question as data: what is asked, what answers fit, and how far the list was read.
public struct Question: Sendable {
    public var kind: QuestionKind
    /// The parameter asked about (nil for intent confirmation and shortcut choice).
    public var parameter: String?
    /// The question without list or reason (“Which soup do you want?”).
    public var prompt: String
    public var expected: ExpectedAnswer
    /// The first list item read on this page (lists longer than the limit are read in pages).
    public var page: Int = 0
    /// Whether list items are names that keep their capitals when read (app names).
    public var namesKeepCase = false

    public init(kind: QuestionKind, parameter: String?, prompt: String, expected: ExpectedAnswer) {
        self.kind = kind
        self.parameter = parameter
        self.prompt = prompt
        self.expected = expected
    }

    /// The choices, when the answer is one of a list.
    public var choices: [Choice]? {
        if case .choice(let choices) = expected { return choices }
        return nil
    }
}
