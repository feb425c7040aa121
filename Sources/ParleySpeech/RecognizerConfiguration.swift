import Foundation

/// Where the recognizer finds its model and how it decodes. Command-line options win over the
/// environment (`PARLEY_MODEL`, `PARLEY_DICT`, `PARLEY_PHONE_LM`, `PARLEY_LM`, `PARLEY_PRONUNCIATIONS`,
/// `PARLEY_NOISE_FLOOR`, `PARLEY_NOISE_SUPPRESSION`, `PARLEY_TALKER_SPAN`, `PARLEY_DECODER_OPTIONS`),
/// which wins over the defaults: Debian's `pocketsphinx-en-us`.
public struct RecognizerConfiguration: Sendable, Equatable {
    /// Debian's `pocketsphinx-en-us` folder.
    public static let debianModelRoot = "/usr/share/pocketsphinx/model/en-us"

    /// The acoustic model folder (PocketSphinx `-hmm`: `mdef`, `means`, `feat.params`, …).
    public var modelDirectory: String
    /// The pronunciation dictionary (`-dict`), CMU format.
    public var dictionaryPath: String
    /// The phone language model behind the confidence's phone-loop decode; nil turns the
    /// second opinion off (every non-empty result then has confidence 1).
    public var phoneLanguageModelPath: String?
    /// The large language model open answers (free text, times, dates) are dictated with
    /// (`-lm`); nil: they are decoded with the top-level grammar instead. Loaded only by a
    /// dictation recognizer, made the first time an open question is asked.
    public var languageModelPath: String?
    /// The project's pronunciation overrides (`models/pronunciations.dict`); absent is fine.
    public var pronunciationsPath: String?
    /// Extra decoder options, e.g. `["-beam": "1e-60"]`.
    public var decoderOptions: [String: String]
    /// Standard deviation (16-bit units) of a white-noise floor added to every utterance;
    /// 0 turns it off. The model was trained on recordings that always have some background
    /// noise; digital silence (synthesized speech, gated microphones) is outside what it knows
    /// and made short words vanish. A floor of 100 (≈ −50 dBFS) took eSpeak NG loopback from
    /// 72% to 95% right and is far below any real room's noise.
    public var noiseFloor: Double
    /// Decibels by which steady background noise is taken down before decoding
    /// (`NoiseSuppressor`, libspeexdsp); 0 turns it off. Audio quiet between its words is not
    /// touched. At 15 dB, eSpeak NG loopback under white noise at 10 dB SNR went from 67.7% to
    /// 83.9% right (two voices, `docs/speech.md`).
    public var noiseSuppression: Int
    /// Decibels below its loud level at which a whole utterance's start and end are cut before
    /// decoding (`TalkerSpan`): other people talking before or after the speaker, quieter than
    /// they are. 0 turns it off. At 10 dB real coffee orders under four other talkers' babble
    /// went from 48 to 100 of 120 right at 24 dB SNR, 11 to 80 at 18 dB and 4 to 10 at 12 dB;
    /// clean and in white noise as before (`docs/speech.md`).
    public var talkerSpan: Double
    /// The loud level (dBFS) to which quieter speech is raised before anything else
    /// (`QuietGain`); 0 raises nothing. A microphone set low otherwise drowns its speech in the
    /// noise floor: real coffee orders 20 dB quieter than recorded went from 48 to 117 of 120
    /// right with it (`docs/speech.md`).
    public var quietSpeechLevel: Double

    /// A configuration; nil arguments take the environment's value, then the default.
    public init(modelDirectory: String? = nil, dictionaryPath: String? = nil, phoneLanguageModelPath: String? = nil,
                languageModelPath: String? = nil, pronunciationsPath: String? = nil, decoderOptions: [String: String] = [:], noiseFloor: Double? = nil,
                noiseSuppression: Int? = nil, talkerSpan: Double? = nil, quietSpeechLevel: Double? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        let root = Self.debianModelRoot
        self.modelDirectory = modelDirectory ?? environment["PARLEY_MODEL"] ?? "\(root)/en-us"
        self.dictionaryPath = dictionaryPath ?? environment["PARLEY_DICT"] ?? "\(root)/cmudict-en-us.dict"
        let phoneLM = phoneLanguageModelPath ?? environment["PARLEY_PHONE_LM"] ?? "\(root)/en-us-phone.lm.bin"
        self.phoneLanguageModelPath = phoneLM.isEmpty ? nil : phoneLM
        let largeLM = languageModelPath ?? environment["PARLEY_LM"] ?? "\(root)/en-us.lm.bin"
        self.languageModelPath = largeLM.isEmpty ? nil : largeLM
        self.pronunciationsPath = pronunciationsPath ?? environment["PARLEY_PRONUNCIATIONS"] ?? PronunciationOverrides.defaultPath
        self.noiseFloor = noiseFloor ?? environment["PARLEY_NOISE_FLOOR"].flatMap(Double.init) ?? 100
        self.noiseSuppression = abs(noiseSuppression ?? environment["PARLEY_NOISE_SUPPRESSION"].flatMap { Int($0) } ?? 15)
        self.talkerSpan = max(0, talkerSpan ?? environment["PARLEY_TALKER_SPAN"].flatMap(Double.init) ?? 10)
        self.quietSpeechLevel = -abs(quietSpeechLevel ?? environment["PARLEY_SPEECH_LEVEL"].flatMap(Double.init) ?? 20)
        var options: [String: String] = [:]
        let extra = (environment["PARLEY_DECODER_OPTIONS"] ?? "").split(separator: " ").map(String.init)
        for index in stride(from: 0, to: extra.count - 1, by: 2) { options[extra[index]] = extra[index + 1] }
        self.decoderOptions = options.merging(decoderOptions) { _, given in given }
    }

    /// Beams of each grammar's second search, used when the first (PocketSphinx's defaults:
    /// 1e-48, 1e-48, 7e-29) ends with no path through the grammar. Wide beams throughout kept
    /// the right path of British `en` loopback, but cost 30% more time and turned noisy
    /// utterances that were right into wrong ones (`docs/speech.md`).
    static let retryBeams = ["-beam": "1e-80", "-pbeam": "1e-80", "-wbeam": "1e-60"]

    /// The decoder's command line: the model (no dictionary: `CMULexicon` shares one, and each
    /// decoder is given only its grammars' words); a silenced log; bestpath off (it dropped short
    /// words from grammar results); context-independent phones for the confidence's phone loop
    /// (triphones made it ~20× slower than the grammar pass). Dither only without the noise
    /// floor: synthesized and trimmed audio has runs of exact zeros that upset noise removal,
    /// but PocketSphinx dithers from one process-wide random sequence, so a result would depend
    /// on what was decoded before and on other threads; the noise floor is seeded per utterance.
    /// The front end's voice-activity threshold a little above PocketSphinx's 2.0 (`vadThreshold`).
    var arguments: [String] { arguments(dictation: false) }

    /// How far above its noise estimate (a log ratio) a frame must be for the front end to decode
    /// it; quieter frames are dropped as silence. PocketSphinx's default is 2.0. Measured at 2.5 on
    /// 2026-11-25 (`docs/speech.md`): coffee-order rejection 114 → 117 of 120, follow-up answers in
    /// white noise 1,996 → 2,010 of 2,471, real coffee orders 480 → 480 right over clean and four
    /// noise levels, shortcuts 647 → 645 clean and 563 → 564 in noise, the same real-time factor.
    static let vadThreshold = "2.5"

    /// The command line of a dictation decoder: the same, with the whole dictionary (`-dict`),
    /// which the large language model's words need.
    func arguments(dictation: Bool) -> [String] {
        var options = [
            "-hmm": modelDirectory, "-logfn": "/dev/null", "-bestpath": "no",
            "-dither": noiseFloor > 0 ? "no" : "yes", "-seed": "1", "-allphone_ci": "yes",
            "-vad_threshold": Self.vadThreshold,
        ]
        if dictation { options["-dict"] = dictionaryPath }
        options.merge(decoderOptions) { _, new in new }
        return options.keys.sorted().flatMap { [$0, options[$0] ?? ""] }
    }

    /// Throws `SpeechError.engineUnavailable` naming the first model file that is missing.
    func validate() throws {
        let files = FileManager.default
        var isFolder: ObjCBool = false
        guard files.fileExists(atPath: modelDirectory, isDirectory: &isFolder), isFolder.boolValue,
              files.fileExists(atPath: modelDirectory + "/mdef") else {
            throw SpeechError.engineUnavailable("no acoustic model at \(modelDirectory) (install pocketsphinx-en-us or pass --model DIR)")
        }
        guard files.fileExists(atPath: dictionaryPath) else {
            throw SpeechError.engineUnavailable("no dictionary at \(dictionaryPath) (pass --dict FILE)")
        }
        if let phoneLanguageModelPath, !files.fileExists(atPath: phoneLanguageModelPath) {
            throw SpeechError.engineUnavailable("no phone language model at \(phoneLanguageModelPath) (set PARLEY_PHONE_LM, empty to turn confidence off)")
        }
    }
}
