import ParleyTable

/// The value spoken in a phrase's slot: the parameter, its value, and the words heard.
public struct SpokenValue: Hashable, Sendable {
    public var parameter: String
    public var value: ParameterValue
    /// The value's title (case title, option, number).
    public var title: String
    /// The normalized words that said it, and where they stand in the utterance's tokens.
    public var words: [String]
    public var span: Range<Int>?
}

/// One way an utterance starts a shortcut.
public struct ShortcutMatch: Sendable {
    public var app: String
    public var appIndex: Int
    public var intent: String
    /// Index into `CompiledTable.shortcuts`.
    public var shortcut: Int
    /// The shortcut's position in its app's list and its title.
    public var shortcutIndex: Int
    public var shortcutTitle: String
    /// Preset values of the shortcut, by parameter.
    public var presets: [(parameter: String, value: ParameterValue)]
    public var spoken: SpokenValue?
    /// Values read from a multi-value `sentences` template (empty for App Shortcut phrases).
    public var filled: [SpokenValue] = []
    /// Where the phrase that matched is written.
    public var phrase: SourceLocation
    /// Words dropped from the start or end of the utterance to match (“please”).
    public var dropped: [String]

    /// Presets and spoken values together, spoken values last (they win).
    public var parameters: [(name: String, value: ParameterValue)] {
        let said = (spoken.map { [$0] } ?? []) + filled
        let names = Set(said.map(\.parameter))
        return presets.filter { !names.contains($0.parameter) }.map { (name: $0.parameter, value: $0.value) }
            + said.map { ($0.parameter, $0.value) }
    }
}
