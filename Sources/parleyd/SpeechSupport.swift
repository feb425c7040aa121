import ParleyDaemon

/// The speech engines this build of parleyd has.
enum SpeechSupport {
    /// None yet: ASR and TTS requests are answered with an error until the speech layer joins.
    static func engines(_ configuration: DaemonConfiguration) -> SpeechEngines { .none }
}
