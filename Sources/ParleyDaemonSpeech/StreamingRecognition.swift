import Foundation
import ParleyDaemon
import ParleySpeech

/// An utterance decoded while it is spoken, on a thread of its own: the thread borrows two
/// recognizers from the pool (the grammar's and the phone loop's — waiting, with the audio
/// piling up, while every one is busy) — or, for an open answer, the dictation decoder and one
/// recognizer for the phone loop — resamples and decodes each piece as it is fed, and at
/// `finish` ends both passes. So when the speaker stops, only the ends of the passes remain,
/// however many people spoke at once. A blocking thread per stream rather than the shared
/// thread pool: a stream holds its recognizers between pieces, and pool threads blocked
/// waiting for recognizers could starve the very streams that would give them back.
final class StreamingRecognition: @unchecked Sendable {
    /// What the words are decoded with.
    enum Decoding {
        /// A grammar, by cache name, and its builder (registered on the borrowed recognizer if it lacks it).
        case grammar(String, () -> SpeechGrammar)
        /// The large language model of parleyd's dictation decoder (an open answer).
        case dictation(DictationRecognizer)
    }

    private let condition = NSCondition()
    private var pending: [Int16] = []
    private var ended = false
    private var abandoned = false
    private var outcome: Result<HeardSpeech, Error>?
    private var waiter: CheckedContinuation<HeardSpeech, Error>?

    /// Starts the stream's thread: audio at `sampleRate`, decoded as `decoding` says, padded as
    /// `padding` seconds on each side; its first `leadIn` samples at 16 kHz come before speech
    /// (the room's noise is learned from them).
    init(sampleRate: Int, decoding: Decoding, padding: Double, leadIn: Int, recognizers: RecognizerPool, recent: RecentSource) {
        nonisolated(unsafe) let decoding = decoding  // a grammar builder is called once, on the stream's thread only
        let thread = Thread { [self] in
            let outcome = Result {
                try run(sampleRate: sampleRate, decoding: decoding, padding: padding, leadIn: leadIn, recognizers: recognizers, recent: recent)
            }
            condition.lock()
            self.outcome = outcome
            let waiter = self.waiter
            self.waiter = nil
            condition.unlock()
            waiter?.resume(with: outcome)
        }
        thread.name = "parley-stream"
        thread.start()
    }

    /// Adds audio (ignored once the stream ended).
    func feed(_ samples: ArraySlice<Int16>) {
        condition.lock()
        if !ended { pending += samples }
        condition.signal()
        condition.unlock()
    }

    /// Ends the utterance; waits for what was heard.
    func finish() async throws -> HeardSpeech {
        try await withCheckedThrowingContinuation { continuation in
            condition.lock()
            ended = true
            condition.signal()
            if let outcome {
                condition.unlock()
                continuation.resume(with: outcome)
            } else {
                waiter = continuation
                condition.unlock()
            }
        }
    }

    /// Gives up the utterance: the thread stops decoding and gives its recognizers back.
    func abandon() {
        condition.lock()
        abandoned = true
        ended = true
        condition.signal()
        condition.unlock()
    }

    /// What is pending, and whether the utterance ended (or was abandoned).
    private func next() -> (samples: [Int16], ended: Bool, abandoned: Bool) {
        condition.lock()
        defer { condition.unlock() }
        while pending.isEmpty && !ended { condition.wait() }
        let samples = pending
        pending = []
        return (samples, ended, abandoned)
    }

    private func run(sampleRate: Int, decoding: Decoding, padding: Double, leadIn: Int, recognizers: RecognizerPool,
                     recent: RecentSource) throws -> HeardSpeech {
        switch decoding {
        case let .grammar(name, grammar):
            let slots = recognizers.borrow(2)
            defer { recognizers.giveBack(slots) }
            try checkAbandoned()
            try PocketSphinxRecognizer.register(name, grammar, on: slots[0])
            slots[0].recognizer.padding = padding
            return try decode(RecognitionStream(grammar: name, on: slots[0].recognizer, loop: slots[1].recognizer, startMean: recent.value,
                                                leadIn: leadIn, gain: recent.gain), sampleRate: sampleRate, recent: recent)
        case let .dictation(dictation):
            // The dictation decoder first: an open answer waiting for another to end holds no pool decoder meanwhile.
            return try dictation.withDecoder(padding: padding) { decoder in
                let slots = recognizers.borrow(1)  // the phone loop's
                defer { recognizers.giveBack(slots) }
                try checkAbandoned()
                return try decode(RecognitionStream(grammar: Recognizer.dictation, on: decoder, loop: slots[0].recognizer,
                                                    startMean: recent.value, leadIn: leadIn, trust: RecognitionStream.dictationTrustedAbove,
                                                    gain: recent.gain),
                                  sampleRate: sampleRate, recent: recent)
            }
        }
    }

    /// Throws when the utterance was given up while the thread waited for its decoders.
    private func checkAbandoned() throws {
        condition.lock()
        let gone = abandoned
        condition.unlock()
        if gone { throw CancellationError() }
    }

    /// Feeds `stream` every piece as it comes, resampled to 16 kHz, until the utterance ends.
    private func decode(_ stream: RecognitionStream, sampleRate: Int, recent: RecentSource) throws -> HeardSpeech {
        let resampler = sampleRate == AudioConverter.recognizerRate
            ? nil : try StreamingResampler(from: sampleRate, to: AudioConverter.recognizerRate)
        do {
            while true {
                let (samples, ended, abandoned) = next()
                if abandoned { throw CancellationError() }
                try stream.feed(resampler.map { try $0.process(samples) } ?? samples)
                if ended {
                    if let resampler { try stream.feed(try resampler.flush()) }
                    let recognition = try stream.finish()
                    recent.value = stream.endMean
                    recent.gain = stream.endGain
                    return HeardSpeech(text: recognition.text, confidence: recognition.confidence)
                }
            }
        } catch {
            stream.cancel()  // the recognizers go back out of the utterance, ready for the next
            throw error
        }
    }
}

/// The session's hold on a `StreamingRecognition`: dropping it unfinished abandons the stream,
/// so a peer that leaves mid-utterance never keeps recognizers.
final class StreamingRecognitionHandle: UtteranceStream {
    private let stream: StreamingRecognition

    init(_ stream: StreamingRecognition) { self.stream = stream }

    deinit { stream.abandon() }

    func feed(_ samples: ArraySlice<Int16>) { stream.feed(samples) }

    func finish() async throws -> HeardSpeech { try await stream.finish() }
}

/// What the last utterance heard ended with, where the next stream starts: its cepstral mean —
/// the front end normalizes a streamed utterance by an estimate made before it
/// (`RecognitionStream`) — and the gain a quiet microphone needs (`QuietGain`). The utterances
/// before are the best estimate there is: most often the same microphone in the same room. Shared
/// by the daemon's streams, whichever decoders they run on, so a decoder made in a burst starts
/// from what the others learned.
final class RecentSource: @unchecked Sendable {
    private let lock = NSLock()
    private var mean: [Float]?
    private var decibels = 0.0

    /// The cepstral mean (nil until an utterance ended).
    var value: [Float]? {
        get { lock.withLock { mean } }
        set { if let newValue { lock.withLock { mean = newValue } } }
    }

    /// The gain (dB) the last utterance needed.
    var gain: Double {
        get { lock.withLock { decibels } }
        set { lock.withLock { decibels = newValue } }
    }
}
