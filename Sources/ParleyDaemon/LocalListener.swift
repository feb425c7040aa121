import ParleyGrammar

/// What local audio does with an utterance (or a listening window without one).
enum LocalDecision: Equatable {
    /// Nothing: not for Parley (no wake phrase, or nothing it knows without one).
    case ignore
    /// The wake phrase alone: play the listening cue, take the next utterance as a command.
    case awake
    /// A turn of conversation: `text` heard; when `quietUnlessUnderstood`, say nothing if it
    /// starts no conversation (room talk heard without a wake phrase).
    case turn(String, quietUnlessUnderstood: Bool)
    /// No answer came within the listening window: the conversation's silence turn.
    case silence
}

/// Local audio's listening state, as a pure value: waiting for the wake phrase (or, with none,
/// for a shortcut phrase), awake after a bare wake phrase, or waiting for an answer to a
/// question, which needs no wake phrase within the listening window.
struct LocalListener {
    enum Phase: Equatable {
        case dormant, awake, answering
    }

    /// The wake phrase as tokens; empty: shortcut phrases are listened for directly.
    let wakeTokens: [String]
    /// The wake phrase as configured.
    let wakePhrase: String
    private(set) var phase = Phase.dormant

    init(wakePhrase: String) {
        self.wakePhrase = wakePhrase
        wakeTokens = TextNormalizer.tokens(wakePhrase)
    }

    /// Whether an utterance is heard with the wake grammar (dormant, with a wake phrase).
    var listensForWakePhrase: Bool { phase == .dormant && !wakeTokens.isEmpty }

    /// Whether the listening window applies (an answer or a command is awaited).
    var awaitsSpeech: Bool { phase != .dormant }

    /// `text` was heard.
    mutating func heard(_ text: String) -> LocalDecision {
        let tokens = TextNormalizer.tokens(text)
        switch phase {
        case .dormant where !wakeTokens.isEmpty:
            guard tokens.starts(with: wakeTokens) else { return .ignore }
            let rest = tokens.dropFirst(wakeTokens.count)
            if rest.isEmpty {
                phase = .awake
                return .awake
            }
            return .turn(rest.joined(separator: " "), quietUnlessUnderstood: false)
        case .dormant:
            return tokens.isEmpty ? .ignore : .turn(text, quietUnlessUnderstood: true)
        case .awake:
            guard !tokens.isEmpty else {
                phase = .dormant
                return .ignore
            }
            return .turn(text, quietUnlessUnderstood: false)
        case .answering:
            return tokens.isEmpty ? .silence : .turn(text, quietUnlessUnderstood: false)
        }
    }

    /// The listening window passed without speech.
    mutating func windowPassed() -> LocalDecision {
        switch phase {
        case .dormant: return .ignore
        case .awake:
            phase = .dormant
            return .ignore
        case .answering: return .silence
        }
    }

    /// A turn ended; the conversation asked a question or not.
    mutating func turnEnded(expectsAnswer: Bool) {
        phase = expectsAnswer ? .answering : .dormant
    }
}
