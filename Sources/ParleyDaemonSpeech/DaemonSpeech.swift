import Logging
import NIOPosix
import ParleyDaemon
import ParleySpeech

/// The speech engines parleyd runs with: PocketSphinx recognizers and eSpeak NG behind the
/// daemon's protocols, and libsoxr for `snd-rate`.
public enum DaemonSpeech {
    /// Engines for `configuration`; `.none` (logged) when the models or libraries are missing,
    /// so the daemon still serves handle, describe and ping.
    public static func engines(_ configuration: DaemonConfiguration, logger: Logger) -> SpeechEngines {
        let pool = NIOThreadPool(numberOfThreads: configuration.recognizers + 2)
        pool.start()
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let recognizerConfiguration = RecognizerConfiguration(pronunciationsPath: configuration.pronunciations)
            let recognizer = try PocketSphinxRecognizer(
                limit: configuration.recognizers, idle: configuration.recognizerIdle, configuration: recognizerConfiguration, pool: pool)
            var engines = SpeechEngines(recognizer: recognizer, synthesizer: EspeakSynthesizer(voice: configuration.voice, pool: pool))
            engines.resampler = { audio, rate in
                let floats = PCMAudio(samples: audio.samples, sampleRate: audio.sampleRate).wav.samples
                let resampled = PCMAudio(floats: try AudioConverter.resample(floats, from: audio.sampleRate, to: rate), sampleRate: rate)
                return SpeechAudio(samples: resampled.samples, sampleRate: rate)
            }
            logger.notice("speech engines ready", metadata: [
                "asr.recognizers": "\(configuration.recognizers)", "tts.voice": "\(configuration.voice)",
                "timing.startup_ms": "\((clock.now - start).components.seconds * 1000 + (clock.now - start).components.attoseconds / 1_000_000_000_000_000)",
            ])
            return engines
        } catch {
            logger.error("speech engines unavailable: ASR and TTS are off", metadata: ["error": "\(error)"])
            return .none
        }
    }
}
