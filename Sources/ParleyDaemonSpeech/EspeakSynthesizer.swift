import NIOPosix
import ParleyDaemon
import ParleySpeech

/// `SpeechSynthesizing` with eSpeak NG (its own thread serves calls one after another; the wait
/// happens on `pool`, not on the cooperative pool).
public struct EspeakSynthesizer: SpeechSynthesizing {
    private let defaultVoice: String
    private let pool: NIOThreadPool

    /// Speaks with `voice` unless a request names another, waiting on `pool`.
    public init(voice: String, pool: NIOThreadPool) {
        defaultVoice = voice
        self.pool = pool
    }

    public func synthesize(_ text: String, voice: String?) async throws -> SpeechAudio {
        let synthesizer = SpeechSynthesizer(voice: voice ?? defaultVoice)
        let audio = try await pool.runIfActive { try synthesizer.synthesize(text) }
        return SpeechAudio(samples: audio.samples, sampleRate: audio.sampleRate)
    }
}
