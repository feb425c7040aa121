import ParleyWyoming

/// A pipeline the peer asked for (`run-pipeline`) or Parley asked back for a follow-up answer:
/// its stages, and the listening state of its ASR stage.
struct PipelineTurn {
    /// The stages asked for.
    var run: RunPipeline
    /// What the utterance is listened for.
    var listening: ListeningContext
    /// Created at the first audio, when the rate is known.
    var endpointer: Endpointer?
    /// Until when audio is the echo of the reply still playing (cleared by `played`).
    var echoUntil: ContinuousClock.Instant?
    /// Whether `audio-stop` ends the stage: always when the peer asked for the pipeline; for a
    /// follow-up Parley asked for, only after an `audio-start` (a late `audio-stop` of the
    /// previous stream must not end the new stage).
    var acceptsAudioStop: Bool

    /// The utterance being decoded while it is spoken (from the start of speech).
    var streamed: StreamedUtterance?

    /// What the utterance is listened for, for parleyd's endpointed audio.
    var endpointedListening: ListeningContext {
        var context = listening
        context.isEndpointed = true
        context.leadIn = endpointer?.settings.preRoll ?? .zero
        return context
    }

    /// Whether the pipeline starts after ASR and waits for a `transcript`.
    var awaitsTranscript: Bool { run.startStage == .intent || run.startStage == .handle }

    /// Starts endpointing audio at `rate` (at `audio-start` or the first chunk).
    mutating func start(rate: Int, settings: EndpointerSettings) {
        endpointer = Endpointer(settings: settings, sampleRate: rate)
    }
}

extension WyomingSession {
    // MARK: - Pipeline host

    mutating func startPipeline(_ run: RunPipeline) async throws {
        switch run.startStage {
        case .wake:
            throw PeerError(code: "unsupported-stage", text: "Parley does not spot wake words for peers; start the pipeline at asr.")
        case .tts:
            mode = .idle  // a `synthesize` follows
            return
        case .asr:
            guard context.speech.recognizer != nil else { throw PeerError.asrUnavailable }
        case .intent, .handle:
            break
        }
        if let announcement = run.announceText, run.endStage == .tts {
            _ = try await speak(announcement, voice: nil)
        }
        let listening = context.conversations.listening(for: connectionConversation)
        mode = .pipeline(PipelineTurn(run: run, listening: listening, echoUntil: nil, acceptsAudioStop: true))
        logger.debug("pipeline started", metadata: ["pipeline.start": "\(run.startStage.rawValue)", "pipeline.end": "\(run.endStage.rawValue)"])
    }

    mutating func pipelineAudio(_ chunk: AudioChunk) async throws {
        guard case .pipeline(var turn) = mode, !turn.awaitsTranscript else { return }
        guard chunk.format.isSupported else { throw PeerError.unsupportedAudio }
        if let until = turn.echoUntil {
            guard ContinuousClock.now >= until else { return }  // the reply is still playing: its echo is no answer
            turn.echoUntil = nil
        }
        if turn.endpointer == nil { turn.start(rate: chunk.format.rate, settings: context.endpointer) }
        let samples = chunk.monoSamples[...]
        guard var endpointer = turn.endpointer else { return }
        let events = endpointer.feed(samples)
        turn.endpointer = endpointer
        mode = .pipeline(turn)
        for event in events {
            switch event {
            case .speechStarted:
                if let recognizer = context.speech.recognizer {
                    turn.streamed = StreamedUtterance(recognizer.stream(sampleRate: endpointer.sampleRate, context: turn.endpointedListening))
                    mode = .pipeline(turn)
                }
                try await send(.voiceStarted(timestamp: nil))
            case .speechEnded(let utterance), .tooLong(let utterance):
                try await send(.voiceStopped(timestamp: nil))
                try await listeningEnded(utterance, turn: turn)
                return
            case .noSpeech:
                try await listeningEnded(nil, turn: turn)
                return
            }
        }
        turn.streamed?.catchUp(endpointer.utteranceSoFar)
        mode = .pipeline(turn)
    }

    mutating func pipelineAudioStopped() async throws {
        guard case .pipeline(var turn) = mode, !turn.awaitsTranscript, turn.acceptsAudioStop else { return }
        guard var endpointer = turn.endpointer else {
            try await listeningEnded(nil, turn: turn)
            return
        }
        let event = endpointer.finish()
        turn.endpointer = endpointer
        if case .speechEnded(let utterance) = event {
            try await send(.voiceStopped(timestamp: nil))
            try await listeningEnded(utterance, turn: turn)
        } else {
            try await listeningEnded(nil, turn: turn)
        }
    }

    mutating func playbackFinished() {
        guard case .pipeline(var turn) = mode else { return }
        turn.echoUntil = nil
        mode = .pipeline(turn)
    }

    /// The ASR stage ended (once): recognize, then run the rest of the pipeline.
    private mutating func listeningEnded(_ utterance: SpeechAudio?, turn: PipelineTurn) async throws {
        mode = .idle
        let stageEnd = ContinuousClock.now
        var heard = HeardSpeech(text: "", confidence: 0)
        if let utterance, let recognizer = context.speech.recognizer {
            let clock = ContinuousClock()
            let start = clock.now
            if var streamed = turn.streamed {
                heard = try await streamed.finish(utterance)
            } else {
                heard = try await recognizer.recognize(utterance, context: turn.endpointedListening)
            }
            logger.info("heard", metadata: [
                "asr.text": "\(heard.text)", "asr.confidence": "\(heard.confidence)",
                "audio.ms": "\(utterance.duration.milliseconds)", "timing.asr_ms": "\((clock.now - start).milliseconds)",
            ])
        }
        try await send(.transcript(Transcript(text: heard.text, language: "en")))
        guard turn.run.endStage != .asr else { return }
        try await respond(to: heard, in: turn, confidence: heard.confidence, since: stageEnd)
    }

    /// The stages after ASR: the dialogue turn, `handled`, the spoken reply, and a new
    /// `run-pipeline` when the conversation asked a question.
    mutating func respond(to heard: HeardSpeech, in turn: PipelineTurn, confidence: Double?,
                          since stageEnd: ContinuousClock.Instant? = nil) async throws {
        let id = connectionConversation
        if heard.text.isEmpty, turn.listening.question == nil { return }  // nothing said, nothing going on
        let outcome = try await runTurn(id, text: heard.text, confidence: confidence)
        if turn.run.endStage == .intent || turn.run.endStage == .handle {
            let text = outcome.spokenText
            try await send(outcome.understood ? .handled(text: text, context: nil) : .notHandled(text: text, context: nil))
        }
        var replyLength: Duration = .zero
        if turn.run.endStage == .tts {
            replyLength = try await speak(outcome.spokenText, voice: nil, since: stageEnd)
        }
        guard outcome.expectsAnswer, !turn.awaitsTranscript else { return }
        let next = RunPipeline(startStage: .asr, endStage: turn.run.endStage)
        try await send(.runPipeline(next))
        // Until `played`, audio within the reply's length and a second after is its echo.
        mode = .pipeline(PipelineTurn(run: next, listening: context.conversations.listening(for: id),
                                      echoUntil: .now + replyLength + .seconds(1), acceptsAudioStop: false))
    }
}
