import Foundation
import Logging
import ParleyWyoming

/// Audio collected for one ASR request (`transcribe`, `audio-start` … `audio-stop`): mono
/// samples at the first chunk's rate, up to a limit.
struct AudioTurn {
    /// The request, when `transcribe` came first.
    var request: Transcribe?
    /// The rate of the audio (from `audio-start` or the first chunk).
    var sampleRate: Int?
    var samples: [Int16] = []
    /// Whether the audio passed the limit (the rest is dropped; the peer was told once).
    var overflowed = false
    let limit: Duration
    /// The audio being decoded as it arrives.
    var streamed: StreamedUtterance?

    init(request: Transcribe?, limit: Duration) {
        self.request = request
        self.limit = limit
    }

    /// Adds `chunk`; false when this chunk first passes the limit.
    mutating func append(_ chunk: AudioChunk) -> Bool {
        guard !overflowed else { return true }
        let rate = sampleRate ?? chunk.format.rate
        sampleRate = rate
        samples += chunk.monoSamples
        if samples.count > Endpointer.samples(limit, rate: rate) {
            overflowed = true
            samples = []
            streamed = nil
            return false
        }
        return true
    }

    var audio: SpeechAudio { SpeechAudio(samples: samples, sampleRate: sampleRate ?? AudioFormat.recognizer.rate) }
}

extension WyomingSession {
    // MARK: - ASR

    mutating func beginTranscription(_ request: Transcribe?) throws {
        guard context.speech.recognizer != nil else { throw PeerError.asrUnavailable }
        mode = .transcribing(AudioTurn(request: request, limit: context.configuration.maxAudioPerTurn))
    }

    mutating func audioStarted(_ format: AudioFormat) throws {
        guard format.isSupported else { throw PeerError.unsupportedAudio }
        switch mode {
        case .idle:
            try beginTranscription(nil)
            if case .transcribing(var turn) = mode {
                turn.sampleRate = format.rate
                mode = .transcribing(turn)
            }
        case .transcribing(var turn):
            if turn.sampleRate == nil { turn.sampleRate = format.rate }
            mode = .transcribing(turn)
        case .pipeline(var turn):
            if turn.endpointer == nil { turn.start(rate: format.rate, settings: context.endpointer) }
            turn.acceptsAudioStop = true
            mode = .pipeline(turn)
        }
    }

    mutating func audioReceived(_ chunk: AudioChunk) async throws {
        switch mode {
        case .idle:
            return  // audio nobody asked for (the tail of a finished stage)
        case .transcribing(var turn):
            guard chunk.format.isSupported else { throw PeerError.unsupportedAudio }
            let fits = turn.append(chunk)
            if fits, !turn.overflowed, turn.streamed == nil, let recognizer = context.speech.recognizer {
                turn.streamed = StreamedUtterance(recognizer.stream(sampleRate: turn.audio.sampleRate, context: listening(for: turn)))
            }
            turn.streamed?.catchUp(turn.samples[...])
            mode = .transcribing(turn)
            if !fits { try await send(PeerError.audioTooLong(context.configuration.maxAudioPerTurn).event) }
        case .pipeline:
            try await pipelineAudio(chunk)
        }
    }

    mutating func audioStopped() async throws {
        switch mode {
        case .idle: return
        case .transcribing(let turn):
            mode = .idle
            guard !turn.overflowed else { return }
            try await transcribe(turn)
        case .pipeline:
            try await pipelineAudioStopped()
        }
    }

    /// What a transcription is listened for: a conversation named in the request's context
    /// with its question's grammar, else the connection's.
    private func listening(for turn: AudioTurn) -> ListeningContext {
        let id = turn.request?.context?["conversation_id"]?.stringValue
        return context.conversations.listening(for: id ?? connectionConversation)
    }

    private func transcribe(_ turn: AudioTurn) async throws {
        guard let recognizer = context.speech.recognizer else { throw PeerError.asrUnavailable }
        let clock = ContinuousClock()
        let start = clock.now
        let heard: HeardSpeech
        if var streamed = turn.streamed {
            heard = try await streamed.finish(turn.audio)
        } else {
            heard = try await recognizer.recognize(turn.audio, context: listening(for: turn))
        }
        logger.info("transcribed", metadata: [
            "asr.text": "\(heard.text)", "asr.confidence": "\(heard.confidence)",
            "audio.ms": "\(turn.audio.duration.milliseconds)", "timing.asr_ms": "\((clock.now - start).milliseconds)",
        ])
        try await send(.transcript(Transcript(text: heard.text, language: "en", context: turn.request?.context)))
    }

    // MARK: - TTS

    /// Speaks `text` as exactly one `audio-start`, its chunks and one `audio-stop`, sentence by
    /// sentence so the first audio leaves early. Returns the audio's length.
    func speak(_ text: String, voice: String?, since stageEnd: ContinuousClock.Instant? = nil) async throws -> Duration {
        guard let synthesizer = context.speech.synthesizer else { throw PeerError.ttsUnavailable }
        let clock = ContinuousClock()
        let start = clock.now
        var started = false
        var total: Duration = .zero
        var rate = 22_050
        for sentence in SentenceSplitter.sentences(text) {
            let audio = try await synthesizer.synthesize(sentence, voice: voice)
            rate = audio.sampleRate
            if !started {
                started = true
                try await send(.audioStart(AudioFormat(rate: rate), timestamp: 0))
                var metadata: Logger.Metadata = ["timing.tts_first_ms": "\((clock.now - start).milliseconds)"]
                if let stageEnd { metadata["timing.end_of_speech_to_audio_ms"] = "\((clock.now - stageEnd).milliseconds)" }
                logger.debug("first reply audio", metadata: metadata)
            }
            let chunkLength = max(1, rate / 10)
            var offset = 0
            while offset < audio.samples.count {
                let end = min(audio.samples.count, offset + chunkLength)
                let timestamp = total.milliseconds + Int64(offset) * 1000 / Int64(rate)
                try await send(.audioChunk(AudioChunk(samples: audio.samples[offset..<end], rate: rate, timestamp: Int(timestamp))))
                offset = end
            }
            total += audio.duration
        }
        if !started { try await send(.audioStart(AudioFormat(rate: rate), timestamp: 0)) }
        try await send(.audioStop(timestamp: Int(total.milliseconds)))
        logger.info("spoke", metadata: ["tts.chars": "\(text.count)", "audio.ms": "\(total.milliseconds)",
                                        "timing.tts_ms": "\((clock.now - start).milliseconds)"])
        return total
    }
}

/// Splits replies into sentences, so synthesis of the first can be sent while the rest waits.
enum SentenceSplitter {
    /// The sentences of `text`, trimmed, each keeping its closing punctuation.
    static func sentences(_ text: String) -> [String] {
        var sentences: [String] = []
        var current = ""
        var previous: Character?
        for character in text {
            if character == " ", let previous, ".?!".contains(previous) {
                let sentence = current.trimmingCharacters(in: .whitespaces)
                if !sentence.isEmpty { sentences.append(sentence) }
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        let last = current.trimmingCharacters(in: .whitespaces)
        if !last.isEmpty { sentences.append(last) }
        return sentences
    }
}
