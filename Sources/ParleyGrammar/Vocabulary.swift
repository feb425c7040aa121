/// Interns normalized tokens as small integers: the automaton's alphabet.
public struct Vocabulary: Sendable {
    private var ids: [String: Int32] = [:]
    /// The token of each id.
    public private(set) var words: [String] = []

    public init() {}

    /// The id of `word`, added when new.
    public mutating func intern(_ word: String) -> Int32 {
        if let id = ids[word] { return id }
        let id = Int32(words.count)
        ids[word] = id
        words.append(word)
        return id
    }

    /// The id of a known token, or nil: a token outside the vocabulary matches nothing.
    public func id(of word: String) -> Int32? { ids[word] }

    public var count: Int { words.count }
}
