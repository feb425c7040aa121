import ParleyWyoming

/// The `info` parleyd answers `describe` with: ASR, TTS and handle programs, each installed
/// when this build and machine can serve it.
enum DaemonInfo {
    static let version = "0.1.0"
    static let parley = Attribution(name: "Parley", url: "https://example.org/parley")

    static func make(_ context: DaemonContext) -> WyomingInfo {
        let snapshot = context.library.current
        let apps = snapshot.compiled.table.apps.map(\.name.value).joined(separator: ", ")
        let asr = WyomingProgram(
            name: "parley-asr", attribution: parley, installed: context.speech.recognizer != nil,
            description: "Grammar-constrained recognition of Parley's phrases (\(context.speech.recognizerName))", version: version,
            models: [WyomingModel(name: "parley-phrases", languages: ["en"], attribution: parley, installed: context.speech.recognizer != nil,
                                  description: "The shortcut phrases and answers of: \(apps)", version: "\(snapshot.generation)")],
            extra: ["supports_transcript_streaming": false, "requires_external_vad": false])
        let tts = WyomingProgram(
            name: "parley-tts", attribution: parley, installed: context.speech.synthesizer != nil,
            description: "Parley's replies spoken by \(context.speech.synthesizerName)", version: version,
            models: [WyomingModel(name: context.configuration.voice, languages: ["en"],
                                  attribution: Attribution(name: "eSpeak NG", url: "https://github.com/espeak-ng/espeak-ng"),
                                  installed: context.speech.synthesizer != nil, description: "eSpeak NG voice \(context.configuration.voice)",
                                  version: nil, extra: ["speakers": nil])],
            extra: ["supports_synthesize_streaming": false])
        let handle = WyomingProgram(
            name: "parley", attribution: parley, installed: true,
            description: "Voice shortcuts with follow-up questions: \(apps)", version: version,
            models: [WyomingModel(name: "parley-conversations", languages: ["en"], attribution: parley, installed: true,
                                  description: "Conversations over the phrase tables", version: "\(snapshot.generation)")],
            extra: ["supports_handled_streaming": false])
        return WyomingInfo(programs: [.asr: [asr], .tts: [tts], .handle: [handle]])
    }
}
