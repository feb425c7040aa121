import Foundation
import ParleyRandom
import ParleyWyoming

/// End of speech to the first reply audio, as a satellite sees it: parleyd's own voice says an
/// utterance (`synthesize`), which is streamed back in real time into a pipeline (`run-pipeline`
/// asr→tts, chunks of 20 ms, no `audio-stop`), and the time from the last chunk of speech to
/// the first chunk of the reply is taken. It includes parleyd's endpointing (the silence it
/// waits for), recognition, the dialogue turn and the first sentence's synthesis.
public enum PipelineBenchmark {
    /// What one timed utterance gave.
    public struct Sample: Sendable {
        /// Milliseconds from the end of speech to the first reply audio.
        public var milliseconds: Double
        /// What parleyd heard.
        public var transcript: String
    }

    /// Times `rounds` utterances of `text`, each on a new connection (a new conversation).
    public static func endOfSpeechToReply(_ text: String, at address: ListenAddress, rounds: Int) async throws -> [Sample] {
        let speech = try await WyomingClient.withConnection(to: address) { client in
            try await client.send(.synthesize(Synthesize(text: text)))
            return try await client.audioReply()
        }
        var samples: [Sample] = []
        for _ in 0..<rounds { samples.append(try await timeOne(speech, at: address)) }
        return samples
    }

    /// Times `rounds` utterances on each of `clients` satellites streaming at once. Each client's
    /// lead-in silence is drawn (seeded) from `leadIn`, so speech ends at different moments as
    /// it would in different rooms; a `leadIn` of one value makes every utterance end together.
    public static func endOfSpeechToReply(_ text: String, at address: ListenAddress, clients: Int, rounds: Int,
                                          leadIn: ClosedRange<Int> = 300...300, seed: UInt64 = 1) async throws -> [Sample] {
        let speech = try await WyomingClient.withConnection(to: address) { client in
            try await client.send(.synthesize(Synthesize(text: text)))
            return try await client.audioReply()
        }
        var random = SplitMix64(seed: seed)
        let leads = (0..<clients * rounds).map { _ in random.int(in: leadIn) }
        var samples: [Sample] = []
        for round in 0..<rounds {
            try await withThrowingTaskGroup(of: Sample.self) { group in
                for client in 0..<clients {
                    let lead = leads[round * clients + client]
                    group.addTask { try await timeOne(speech, at: address, leadInMilliseconds: lead) }
                }
                for try await sample in group { samples.append(sample) }
            }
        }
        return samples
    }

    private static func timeOne(_ speech: SpeechAudio, at address: ListenAddress, leadInMilliseconds: Int = 300) async throws -> Sample {
        let rate = speech.sampleRate
        let lead = SpeechAudio(silence: .milliseconds(leadInMilliseconds), sampleRate: rate).samples
        let tail = SpeechAudio(silence: .seconds(3), sampleRate: rate).samples
        let audio = lead + trimmed(speech.samples) + tail
        let speechEnd = lead.count + trimmed(speech.samples).count
        let clock = ContinuousClock()
        return try await WyomingClient.withConnection(to: address) { client in
            try await client.send(.runPipeline(RunPipeline(startStage: .asr, endStage: .tts)))
            let sender = client.sender
            let start = clock.now
            let endOfSpeech = start + .microseconds(Int64(speechEnd) * 1_000_000 / Int64(rate))
            return try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {  // the satellite's microphone, in real time
                    let step = rate / 50
                    var offset = 0
                    while offset < audio.count {
                        let end = min(audio.count, offset + step)
                        try await clock.sleep(until: start + .microseconds(Int64(end) * 1_000_000 / Int64(rate)))
                        try await sender.send(.audioChunk(AudioChunk(samples: audio[offset..<end], rate: rate)))
                        offset = end
                    }
                }
                defer { group.cancelAll() }
                var transcript = ""
                while true {
                    switch try await client.reply() {
                    case .transcript(let heard): transcript = heard.text
                    case .audioStart, .audioChunk:
                        let (seconds, attoseconds) = (clock.now - endOfSpeech).components
                        return Sample(milliseconds: Double(seconds) * 1000 + Double(attoseconds) / 1e15, transcript: transcript)
                    default: continue
                    }
                }
            }
        }
    }

    /// `samples` without leading and trailing near-silence (synthesizers pad a little).
    static func trimmed(_ samples: [Int16]) -> [Int16] {
        guard let first = samples.firstIndex(where: { abs(Int($0)) > 300 }),
              let last = samples.lastIndex(where: { abs(Int($0)) > 300 }) else { return samples }
        return Array(samples[first...last])
    }
}
