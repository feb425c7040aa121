import ParleyJSON

/// Who made a program or model.
public struct Attribution: Sendable, Hashable {
    /// The author's or project's name.
    public var name: String
    /// Where to read about it.
    public var url: String

    /// An attribution to `name` at `url`.
    public init(name: String, url: String) {
        self.name = name
        self.url = url
    }
}

/// A model (ASR, handle) or voice (TTS) a program offers.
public struct WyomingModel: Sendable, Hashable {
    /// The model's name.
    public var name: String
    /// Its languages (`en`, `en-us`).
    public var languages: [String]
    /// Who made it.
    public var attribution: Attribution
    /// Whether it is ready to use.
    public var installed: Bool
    /// One line about it.
    public var description: String?
    /// Its version.
    public var version: String?
    /// Other members (a wake model's `phrase`, a voice's `speakers`), kept as they are.
    public var extra: [String: JSONValue]

    /// A model description.
    public init(name: String, languages: [String], attribution: Attribution, installed: Bool = true,
                description: String? = nil, version: String? = nil, extra: [String: JSONValue] = [:]) {
        self.name = name
        self.languages = languages
        self.attribution = attribution
        self.installed = installed
        self.description = description
        self.version = version
        self.extra = extra
    }
}

/// A program in `info`: an ASR, TTS, handle, intent, wake, mic or snd service.
public struct WyomingProgram: Sendable, Hashable {
    /// The program's name.
    public var name: String
    /// Who made it.
    public var attribution: Attribution
    /// Whether it is ready to use (Home Assistant ignores programs that are not).
    public var installed: Bool
    /// One line about it.
    public var description: String?
    /// Its version.
    public var version: String?
    /// Its models, or voices for TTS.
    public var models: [WyomingModel]
    /// Other members (`supports_transcript_streaming`, `mic_format`, …), kept as they are.
    public var extra: [String: JSONValue]

    /// A program description.
    public init(name: String, attribution: Attribution, installed: Bool = true, description: String? = nil,
                version: String? = nil, models: [WyomingModel] = [], extra: [String: JSONValue] = [:]) {
        self.name = name
        self.attribution = attribution
        self.installed = installed
        self.description = description
        self.version = version
        self.models = models
        self.extra = extra
    }
}

/// `info`: every service a peer offers, by kind.
public struct WyomingInfo: Sendable, Hashable {
    /// The kinds of service, in the order `info` lists them, and the member naming their models.
    public enum Kind: String, Sendable, CaseIterable {
        case asr, tts, handle, intent, wake, mic, snd

        /// `voices` for TTS, `models` for the others (mic and snd have none).
        public var modelsKey: String? {
            switch self {
            case .tts: "voices"
            case .mic, .snd: nil
            default: "models"
            }
        }
    }

    /// Programs by kind; a kind without programs is an empty list.
    public var programs: [Kind: [WyomingProgram]]
    /// A satellite's description, when the peer is one.
    public var satellite: [String: JSONValue]?

    /// An `info` with `programs`.
    public init(programs: [Kind: [WyomingProgram]] = [:], satellite: [String: JSONValue]? = nil) {
        self.programs = programs.filter { !$0.value.isEmpty }
        self.satellite = satellite
    }

    /// The programs of `kind`.
    public subscript(kind: Kind) -> [WyomingProgram] {
        get { programs[kind] ?? [] }
        set { programs[kind] = newValue.isEmpty ? nil : newValue }
    }
}
