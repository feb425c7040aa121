import Foundation
import NIOCore
import NIOPosix
import ParleyDaemon
import ParleyGrammar
import ParleySpeech

/// `SpeechRecognizing` with PocketSphinx: audio converted to 16 kHz mono, decoded with the
/// grammar of what is listened for — the top level of the conversation's tables, the awaited
/// answer (its plain answers, global commands and the intent's sentences), or the wake phrase
/// alone or followed by a top-level phrase. Grammars come from the same compiled tables the
/// matcher runs on; they are cached per recognizer by name. An open answer (free text, a time,
/// a date) is dictated with the large language model, on one decoder of its own made the
/// first time one is heard, streamed like any other utterance.
public struct PocketSphinxRecognizer: SpeechRecognizing {
    private let recognizers: RecognizerPool
    private let pool: NIOThreadPool
    private let limit: Int
    /// Grammars built, by name: each decoder registers them, and a burst makes many decoders.
    private let built = BuiltGrammars()
    private let recent = RecentSource()
    private let dictation: DictationRecognizer

    /// Up to `limit` recognizers of `configuration` (one made now, more when utterances
    /// overlap — a streamed utterance holds two — those beyond the first two freed again after
    /// `idle` unused); whole clips decode on `pool`'s threads, streams on threads of their own.
    public init(
        limit: Int, idle: Duration = .seconds(60), configuration: RecognizerConfiguration = RecognizerConfiguration(),
        pool: NIOThreadPool
    ) throws {
        let recognizers = try RecognizerPool(limit: limit, keep: 2, configuration: configuration)
        self.recognizers = recognizers
        self.limit = limit
        self.pool = pool
        dictation = DictationRecognizer(configuration: configuration)
        Self.scheduleShrinking(limit > 1 ? recognizers : nil, dictation, idle: idle, on: pool)
    }

    /// Looks for idle extra recognizers (and an idle dictation decoder) every half `idle` (at
    /// least every second), on `pool`; stops when the dictation decoder's holder is gone.
    private static func scheduleShrinking(_ recognizers: RecognizerPool?, _ dictation: DictationRecognizer, idle: Duration,
                                          on pool: NIOThreadPool) {
        let period = max(TimeAmount(idle / 2), .seconds(1))
        let loop = MultiThreadedEventLoopGroup.singleton.any()
        loop.scheduleRepeatedTask(initialDelay: period, delay: period) { [weak recognizers, weak dictation, weak pool] task in
            guard let dictation, let pool else {
                task.cancel()
                return
            }
            let extra = recognizers  // a constant: the weak capture is a variable
            _ = pool.runIfActive(eventLoop: loop) {
                _ = extra?.shrink(idle: idle)
                dictation.shrink(idle: idle)
            }
        }
    }

    public func recognize(_ audio: SpeechAudio, context: ListeningContext) async throws -> HeardSpeech {
        let recognizers = self.recognizers
        let built = self.built
        let dictation = self.dictation
        return try await pool.runIfActive(eventLoop: MultiThreadedEventLoopGroup.singleton.any()) {
            let pcm = try AudioConverter.recognizerAudio(PCMAudio(samples: audio.samples, sampleRate: audio.sampleRate))
            if context.isOpenAnswer, let recognition = try dictation.recognize(pcm, padding: Self.padding(context)) {
                return HeardSpeech(text: recognition.text, confidence: recognition.confidence)
            }
            let (name, grammar) = built.grammar(for: context)
            // Two recognizers when the pool may lend two: the phone-loop pass runs on the second
            // while the first decodes the grammar (`Recognizer.recognize(_:loopOn:)`).
            let slots = recognizers.borrow(2)
            defer { recognizers.giveBack(slots) }
            let slot = slots[0]
            try Self.register(name, grammar, on: slot)
            try slot.recognizer.select(grammar: name)
            slot.recognizer.padding = Self.padding(context)
            let recognition = try slot.recognizer.recognize(pcm, loopOn: slots.dropFirst().first?.recognizer)
            return HeardSpeech(text: recognition.text, confidence: recognition.confidence)
        }.get()
    }

    /// Decodes the utterance as it is fed, on two recognizers of the pool (the grammar's and the
    /// phone loop's), or for an open answer on the dictation decoder and one recognizer for the
    /// phone loop; with a limit of one, collects it and decodes it at the end.
    public func stream(sampleRate: Int, context: ListeningContext) -> any UtteranceStream {
        guard limit > 1 else {
            return CollectingUtteranceStream(sampleRate: sampleRate) { audio in try await self.recognize(audio, context: context) }
        }
        let decoding: StreamingRecognition.Decoding
        if context.isOpenAnswer && dictation.isAvailable {
            decoding = .dictation(dictation)
        } else {
            let (name, grammar) = built.grammar(for: context)
            decoding = .grammar(name, grammar)
        }
        return StreamingRecognitionHandle(StreamingRecognition(
            sampleRate: sampleRate, decoding: decoding, padding: Self.padding(context),
            leadIn: Endpointer.samples(context.leadIn, rate: AudioConverter.recognizerRate), recognizers: recognizers, recent: recent))
    }

    /// Seconds of silence the recognizer adds around the audio: endpointed audio has its
    /// silences already, and padding it again only costs decoding time.
    private static func padding(_ context: ListeningContext) -> Double { context.isEndpointed ? 0.05 : 0.3 }

    public func prepare(_ context: ListeningContext) async throws {
        let built = self.built
        let recognizers = self.recognizers
        try await pool.runIfActive {
            let (name, build) = built.grammar(for: context)
            let grammar = build()
            try recognizers.withEach { slot in try Self.register(name, { grammar }, on: slot) }
        }
    }

    static func register(_ name: String, _ grammar: () -> SpeechGrammar, on slot: RecognizerPool.Slot) throws {
        guard !slot.registered.contains(name) else { return }
        try slot.recognizer.register(grammar(), name: name)
        slot.registered.insert(name)
    }

    /// The grammar's cache name and a builder for it.
    static func grammar(for context: ListeningContext) -> (String, () -> SpeechGrammar) {
        let generation = context.generation
        if let wake = context.wakePhrase {
            let tokens = TextNormalizer.tokens(wake)
            return ("wake-\(generation)-\(tokens.joined(separator: "_"))", {
                wakeGrammar(tokens, then: GrammarBuilder.topLevel(context.compiled))
            })
        }
        if let answers = context.answers {
            let grammar = TurnRecognizer.grammar(of: answers)  // the same grammar `parley converse` decodes answers with
            var hasher = Hasher()
            hasher.combine(grammar.fsgText(name: "answer"))
            return ("answer-\(generation)-\(UInt(bitPattern: hasher.finalize()))", { grammar })
        }
        return ("top-\(generation)", { GrammarBuilder.topLevel(context.compiled) })
    }

    /// The wake phrase, then optionally any sentence of `rest` — with `rest`'s fallback
    /// openings between the two (“hey parley, could you …”).
    static func wakeGrammar(_ wake: [String], then rest: SpeechGrammar) -> SpeechGrammar {
        var grammar = rest  // its arcs with their weights, its branch weight and its openings
        grammar.openingTarget = rest.openingTarget ?? rest.start
        let begin = grammar.addState()
        let awake = grammar.addState()
        grammar.addPhrase(wake, from: begin, to: awake)
        grammar.addArc(from: awake, to: rest.start, word: nil)
        grammar.addArc(from: awake, to: rest.final, word: nil)
        grammar.start = begin
        return grammar
    }
}

/// Grammars built once per name (the name carries the table generation, so a reload builds anew;
/// the grammars of older generations are dropped then).
final class BuiltGrammars: @unchecked Sendable {
    private let lock = NSLock()
    private var grammars: [String: SpeechGrammar] = [:]
    private var generation = 0

    /// The name of `context`'s grammar and a builder that builds it at most once.
    func grammar(for context: ListeningContext) -> (String, () -> SpeechGrammar) {
        let (name, build) = PocketSphinxRecognizer.grammar(for: context)
        return (name, { [self] in
            if let grammar = lock.withLock({ grammars[name] }) { return grammar }
            let grammar = build()
            lock.withLock {
                if context.generation > generation {
                    grammars = [:]
                    generation = context.generation
                }
                if context.generation == generation { grammars[name] = grammar }
            }
            return grammar
        })
    }
}

/// The one dictation decoder of parleyd (~100 MB with the large language model and the whole
/// dictionary): made the first time an open answer is heard, used by one utterance at a time,
/// freed again after `recognizer-idle` unused (`shrink`).
final class DictationRecognizer: @unchecked Sendable {
    private let lock = NSLock()
    private let configuration: RecognizerConfiguration
    private var recognizer: Recognizer?
    private var lastUsed = ContinuousClock.now

    /// Whether the decoder is loaded.
    var isLoaded: Bool { lock.withLock { recognizer != nil } }

    init(configuration: RecognizerConfiguration) {
        self.configuration = configuration
    }

    /// Whether a language model is configured (without one, open answers are decoded with the
    /// top-level grammar).
    var isAvailable: Bool { configuration.languageModelPath != nil }

    /// The dictated words of 16 kHz `audio`; nil when no language model is configured.
    func recognize(_ audio: PCMAudio, padding: Double) throws -> Recognition? {
        guard isAvailable else { return nil }
        return try withDecoder(padding: padding) { try $0.recognize(audio) }
    }

    /// Runs `body` with the decoder — made now if it is not loaded — adding `padding` seconds
    /// around what it decodes; one utterance at a time (a stream holds it until its end).
    func withDecoder<T>(padding: Double, _ body: (Recognizer) throws -> T) throws -> T {
        try lock.withLock {
            let recognizer = try self.recognizer ?? Recognizer(configuration: configuration, warmUp: false, dictation: true)
            self.recognizer = recognizer
            recognizer.padding = padding
            defer { lastUsed = .now }
            return try body(recognizer)
        }
    }

    /// Frees the decoder when unused for `idle`, and hands its memory back to the system;
    /// whether it did.
    @discardableResult
    func shrink(idle: Duration, now: ContinuousClock.Instant = .now) -> Bool {
        var freed: Recognizer? = lock.withLock {
            guard let loaded = recognizer, now - lastUsed >= idle else { return nil }
            recognizer = nil
            return loaded
        }
        guard freed != nil else { return false }
        freed = nil  // the decoder is freed here, off the lock
        RecognizerPool.trimHeap()
        return true
    }
}
