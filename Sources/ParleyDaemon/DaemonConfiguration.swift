import Logging
import ParleyWyoming

/// Everything parleyd can be told, with documented defaults. Built from the configuration
/// file, the environment and the command line (in that order, later ones winning) by
/// `ConfigurationSettings`; the keys are listed in `ConfigurationKey`.
public struct DaemonConfiguration: Sendable, Equatable {
    /// Where to listen (`uri`, repeatable). Default: `tcp://127.0.0.1:10700`.
    public var listen: [ListenAddress] = [.default]
    /// Satellites to dial and serve, as Home Assistant does (`satellite`, repeatable). Default: none.
    public var satellites: [ListenAddress] = []
    /// The phrase tables: a folder or file (`phrases`). Default: `/usr/share/parley/phrases`.
    public var phrases = "/usr/share/parley/phrases"
    /// How much to log (`log-level`: trace, debug, info, notice, warning, error, critical).
    public var logLevel: Logger.Level = .info

    /// How long a handler may take to answer (`handler-timeout`). Default 5 s.
    public var handlerTimeout: Duration = .seconds(5)
    /// A conversation nobody spoke to for this long is forgotten (`conversation-timeout`). Default 5 min.
    public var conversationTimeout: Duration = .seconds(300)
    /// A connection that sends nothing for this long is closed (`connection-timeout`). Default 5 min.
    public var connectionTimeout: Duration = .seconds(300)
    /// Connections served at once; more are told `busy` and closed (`max-connections`). Default 64.
    public var maxConnections = 64
    /// Conversations kept at once; the least recently used idle one makes room (`max-conversations`). Default 256.
    public var maxConversations = 256
    /// Threads that run dialogue turns and handler calls (`dialogue-threads`). Default 16.
    public var dialogueThreads = 16

    /// Frame limits (`max-header-bytes`, `max-data-bytes`, `max-payload-bytes`).
    public var limits = WyomingLimits()
    /// The longest audio taken for one turn (`max-audio-per-turn`). Default 30 s.
    public var maxAudioPerTurn: Duration = .seconds(30)
    /// A turn whose audio stops arriving for this long is ended with an `audio-timeout` error
    /// (`audio-timeout`), so a stalled peer gives back the decoders its utterance holds. Default 10 s.
    public var audioTimeout: Duration = .seconds(10)

    /// Silence that ends an utterance when the peer does not say (`endpoint-silence`). Default 300 ms.
    public var endpointSilence: Duration = .milliseconds(300)
    /// How long to wait for an answer to start before it counts as silence (`listening-window`). Default 8 s.
    public var listeningWindow: Duration = .seconds(8)
    /// The quietest level (dBFS, RMS of a 20 ms frame) that can start speech (`speech-level`):
    /// lower for a microphone set low. Default −40.
    public var speechLevel: Double = -40

    /// PocketSphinx decoders at most (`recognizers`), ~9 MB each: one is made at start, more
    /// only while utterances overlap. An utterance being heard holds two (the grammar's and the
    /// confidence's phone loop) while it streams in. Default 16: eight people talking at once.
    public var recognizers = 16
    /// How long a decoder beyond the first two may sit unused before it is freed (`recognizer-idle`).
    /// Default 60 s: a burst's extra decoders do not keep the daemon's memory up for long.
    public var recognizerIdle: Duration = .seconds(60)
    /// The pronunciation overrides (`pronunciations`); nil: `models/pronunciations.dict` when present.
    public var pronunciations: String?
    /// The synthesizer voice (`voice`). Default `en-us`.
    public var voice = "en-us"
    /// The wake phrase for local audio (`wake-phrase`); empty: listen for shortcut phrases directly.
    public var wakePhrase = "hey parley"
    /// A command whose standard output is 16 kHz 16-bit mono PCM from a microphone (`mic-command`).
    public var micCommand: String?
    /// A command that plays 16-bit mono PCM at `sndRate` from its standard input (`snd-command`).
    public var sndCommand: String?
    /// The rate `snd-command` expects (`snd-rate`). Default 22050.
    public var sndRate = 22_050

    /// The defaults.
    public init() {}
}
