import Logging
import NIOCore

/// The local audio loop over microphone bytes: endpointing, recognition, the listening state,
/// dialogue turns and queued replies. Time is counted in microphone samples (a real-time
/// source): after a reply of length D, the next D plus a second of microphone audio is the
/// reply's echo and is dropped, so the loop never hears itself.
struct LocalAudioLoop {
    static let conversation = "local-audio"
    static let micRate = 16_000
    static let echoGuard: Duration = .seconds(1)

    let context: DaemonContext
    let queue: AsyncStream<SpeechAudio>.Continuation
    let logger: Logger
    var listener: LocalListener
    var endpointer: Endpointer?
    /// Microphone samples read so far, and the first one that is not echo.
    var sampleIndex = 0
    var dropUntil = 0
    var oddByte: UInt8?
    /// The utterance being decoded while it is spoken (from the start of speech).
    var streamed: StreamedUtterance?
    /// When microphone bytes last arrived.
    var lastSound = ContinuousClock.now

    init(context: DaemonContext, queue: AsyncStream<SpeechAudio>.Continuation, logger: Logger) {
        self.context = context
        self.queue = queue
        self.logger = logger
        listener = LocalListener(wakePhrase: context.configuration.wakePhrase)
    }

    /// Microphone bytes (16-bit little-endian, possibly split mid-sample).
    mutating func hear(_ buffer: ByteBuffer) async throws {
        guard buffer.readableBytes > 0 else { return checkStall(now: .now) }  // the quiet microphone's wake-up
        var bytes = buffer.readableBytesView[...]
        var samples: [Int16] = []
        samples.reserveCapacity(bytes.count / 2 + 1)
        if let low = oddByte, let high = bytes.first {
            samples.append(Int16(bitPattern: UInt16(low) | UInt16(high) << 8))
            bytes = bytes.dropFirst()
            oddByte = nil
        }
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            samples.append(Int16(bitPattern: UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8))
            index += 2
        }
        if index < bytes.endIndex { oddByte = bytes[index] }
        try await hear(samples: samples[...])
    }

    mutating func hear(samples: ArraySlice<Int16>) async throws {
        lastSound = .now
        var samples = samples
        let echo = max(0, min(samples.count, dropUntil - sampleIndex))
        sampleIndex += samples.count
        samples = samples.dropFirst(echo)
        guard !samples.isEmpty else { return }
        if endpointer == nil {
            var settings = context.endpointer
            if !listener.awaitsSpeech { settings.listeningWindow = .seconds(3600 * 24 * 365) }
            endpointer = Endpointer(settings: settings, sampleRate: Self.micRate)
        }
        guard var current = endpointer else { return }
        let events = current.feed(samples)
        endpointer = current
        for event in events {
            switch event {
            case .speechStarted:
                logger.debug("speech started")
                streamed = context.speech.recognizer.map { StreamedUtterance($0.stream(sampleRate: Self.micRate, context: listening())) }
            case .speechEnded(let utterance), .tooLong(let utterance):
                endpointer = nil
                try await utteranceEnded(utterance)
                return
            case .noSpeech:
                endpointer = nil
                try await act(listener.windowPassed(), confidence: nil)
                return
            }
        }
        streamed?.catchUp(current.utteranceSoFar)
    }

    /// Drops the utterance in progress when the microphone has sent nothing for `audio-timeout`
    /// before `now` (a microphone command that hangs without ending), so its decoders go back —
    /// among them, for an open answer, the dictation decoder every Wyoming peer's open answer
    /// needs too. Listening starts afresh when the microphone sends again.
    mutating func checkStall(now: ContinuousClock.Instant) {
        let limit = context.configuration.audioTimeout
        guard limit > .zero, streamed != nil, now - lastSound >= limit else { return }
        logger.warning("the microphone stopped sending; utterance dropped", metadata: ["audio.quiet_ms": "\((now - lastSound).milliseconds)"])
        streamed = nil
        endpointer = nil
    }

    /// The microphone stopped: the utterance in progress ends.
    mutating func microphoneEnded() async throws {
        guard var current = endpointer else { return }
        endpointer = nil
        if case .speechEnded(let utterance) = current.finish() { try await utteranceEnded(utterance) }
    }

    /// What the next utterance is listened for.
    private func listening() -> ListeningContext {
        var listening = context.conversations.listening(for: Self.conversation)
        if listener.listensForWakePhrase { listening.wakePhrase = listener.wakePhrase }
        listening.isEndpointed = true
        listening.leadIn = context.endpointer.preRoll
        return listening
    }

    private mutating func utteranceEnded(_ utterance: SpeechAudio) async throws {
        guard let recognizer = context.speech.recognizer else { return }
        let clock = ContinuousClock()
        let start = clock.now
        let heard: HeardSpeech
        if var stream = streamed {
            streamed = nil
            heard = try await stream.finish(utterance)
        } else {
            heard = try await recognizer.recognize(utterance, context: listening())
        }
        logger.info("heard", metadata: [
            "asr.text": "\(heard.text)", "asr.confidence": "\(heard.confidence)", "audio.ms": "\(utterance.duration.milliseconds)",
            "timing.asr_ms": "\((clock.now - start).milliseconds)", "listening.phase": "\(listener.phase)",
        ])
        try await act(listener.heard(heard.text), confidence: heard.confidence)
    }

    private mutating func act(_ decision: LocalDecision, confidence: Double?) async throws {
        switch decision {
        case .ignore: return
        case .awake:
            try await play([CommandAudio.listeningCue(rate: context.configuration.sndRate)])
        case .turn(let text, let quiet):
            let outcome = try await context.conversations.turn(Self.conversation, text: text, confidence: confidence, logger: logger)
            if quiet, !outcome.understood { return }
            try await reply(outcome)
        case .silence:
            try await reply(try await context.conversations.turn(Self.conversation, text: "", logger: logger))
        }
    }

    private mutating func reply(_ outcome: TurnOutcome) async throws {
        listener.turnEnded(expectsAnswer: outcome.expectsAnswer)
        guard let synthesizer = context.speech.synthesizer else { return }
        var pieces: [SpeechAudio] = []
        for sentence in SentenceSplitter.sentences(outcome.spokenText) {
            var audio = try await synthesizer.synthesize(sentence, voice: context.configuration.voice)
            if audio.sampleRate != context.configuration.sndRate, let resample = context.speech.resampler {
                audio = try resample(audio, context.configuration.sndRate)
            }
            queue.yield(audio)  // plays while the next sentence is synthesized
            pieces.append(audio)
        }
        mute(for: pieces)
    }

    private mutating func play(_ pieces: [SpeechAudio]) async throws {
        for piece in pieces { queue.yield(piece) }
        mute(for: pieces)
    }

    /// Drops the microphone while `pieces` play, and a second after.
    private mutating func mute(for pieces: [SpeechAudio]) {
        let length = pieces.reduce(Duration.zero) { $0 + $1.duration } + Self.echoGuard
        dropUntil = max(dropUntil, sampleIndex + Endpointer.samples(length, rate: Self.micRate))
        endpointer = nil
        streamed = nil  // an utterance cut off by the reply is abandoned
    }
}
