import ArgumentParser
import ParleySpeech

/// Options that point the recognizer at another model (`models/README.md`).
struct SpeechOptions: ParsableArguments {
    @Option(name: .long, help: "Acoustic model folder (default: $PARLEY_MODEL or Debian's en-us model).")
    var model: String?

    @Option(name: .long, help: "Pronunciation dictionary (default: $PARLEY_DICT or the model's cmudict).")
    var dict: String?

    @Option(name: .long, help: "Pronunciation overrides (default: $PARLEY_PRONUNCIATIONS or models/pronunciations.dict).")
    var pronunciations: String?

    @Option(name: .customLong("noise-suppression"), help: ArgumentHelp(
        "Decibels by which steady background noise is taken down before decoding, in noisy audio only; 0 turns it off (default: $PARLEY_NOISE_SUPPRESSION or 15).",
        valueName: "dB"))
    var noiseSuppression: Int?

    /// The recognizer configuration these options (and the environment) describe.
    var configuration: RecognizerConfiguration {
        RecognizerConfiguration(modelDirectory: model, dictionaryPath: dict, pronunciationsPath: pronunciations,
                                noiseSuppression: noiseSuppression)
    }
}
