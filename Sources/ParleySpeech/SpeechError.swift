/// What can go wrong in the speech layer, each case saying where.
public enum SpeechError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A speech library could not start (missing data files, bad model folder).
    case engineUnavailable(String)
    /// A file could not be read or written.
    case file(path: String, reason: String)
    /// Audio bytes that are not a WAV file Parley can read.
    case badAudio(String)
    /// A word for which no pronunciation could be found or generated.
    case noPronunciation(String)
    /// A grammar that could not be built or registered.
    case grammar(String)
    /// An unexpected failure inside a library call.
    case internalError(String)

    public var description: String {
        switch self {
        case .engineUnavailable(let what): "speech engine unavailable: \(what)"
        case .file(let path, let reason): "\(path): \(reason)"
        case .badAudio(let what): "bad audio: \(what)"
        case .noPronunciation(let word): "no pronunciation for ‘\(word)’"
        case .grammar(let what): "grammar: \(what)"
        case .internalError(let what): "internal error: \(what)"
        }
    }
}
