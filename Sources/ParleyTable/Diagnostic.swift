/// How much a finding matters: errors stop a release, warnings are advice.
public enum Severity: String, Sendable, Codable, Comparable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
}

/// One finding about a phrase table: a rule id from `check.md`, where, what, and what to do.
///
/// `location` is the primary place (the one printed with a caret); `related` are the other
/// places involved (the other side of a collision). `example` is an utterance that shows the
/// problem, when one is at stake.
public struct Diagnostic: Hashable, Sendable {
    public var rule: String
    public var severity: Severity
    public var message: String
    public var location: SourceLocation
    public var related: [SourceLocation]
    public var example: String?
    public var help: String?

    public init(
        rule: String, severity: Severity, message: String, at location: SourceLocation,
        related: [SourceLocation] = [], example: String? = nil, help: String? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.location = location
        self.related = related
        self.example = example
        self.help = help
    }

    /// Every place involved, primary first, without repeats.
    public var locations: [SourceLocation] {
        var seen: Set<SourceLocation> = [location]
        var all = [location]
        for place in related where seen.insert(place).inserted { all.append(place) }
        return all
    }
}

/// The rule ids of `../shared/specs/check.md`, spelled once.
public enum Rule {
    public static let syntax = "syntax"
    public static let schema = "schema"
    public static let unknownReference = "unknown-reference"
    public static let missingAppName = "missing-app-name"
    public static let tooManyParameters = "too-many-parameters"
    public static let openSlot = "open-slot"
    public static let tooManyShortcuts = "too-many-shortcuts"
    public static let collision = "collision"
    public static let nameClash = "name-clash"
    public static let valueClash = "value-clash"
    public static let reservedPhrase = "reserved-phrase"
    public static let phraseLength = "phrase-length"
    public static let titleStyle = "title-style"
    public static let longList = "long-list"
    public static let unfilledOutput = "unfilled-output"
    public static let soundAlike = "sound-alike"
    public static let acousticConfusion = "acoustic-confusion"
}
