import CPocketSphinx
import Foundation
import ParleyGrammar
import Synchronization

/// A PocketSphinx decoder with grammars registered once and switched by name.
///
/// Not thread-safe (PocketSphinx is not): use one recognizer per thread or actor. Start-up
/// loads the acoustic model (~20 ms, ~9 MB; the dictionary is the process's shared
/// `CMULexicon`), registers the phone loop behind `Recognition.confidence` and warms the decoder
/// up with a synthesized sentence (the first of a process always: it sets `warmUpMean`).
public final class Recognizer {
    /// The configuration the decoder was started with.
    public let configuration: RecognizerConfiguration
    /// Seconds `init` took (model load, phone loop, warm-up).
    public private(set) var startupSeconds: Double = 0
    /// How gaps become confidences.
    public var confidenceScale = ConfidenceScale.standard
    /// Seconds the last `recognize` spent in the grammar pass and in the phone-loop pass, and
    /// from its start to its result (less than the sum when the passes ran at once).
    public private(set) var lastGrammarSeconds = 0.0
    public private(set) var lastPhoneLoopSeconds = 0.0
    public private(set) var lastWholeSeconds = 0.0
    /// A second decoder of the same configuration that runs the phone-loop pass on another
    /// thread while this one runs the grammar pass (`decodeLoopAlongside`), so a whole utterance
    /// takes as long as the slower pass instead of both. Nil: one pass after the other.
    public private(set) var loopPartner: Recognizer?
    /// Seconds of near-silence added before and after every utterance (default 0.3).
    public var padding = 0.3
    /// The grammar decoding uses now.
    public private(set) var activeGrammar: String?

    let decoder: OpaquePointer
    /// The dictionary, shared by every decoder of the process; the decoder itself holds only
    /// the words of its grammars.
    private let lexicon: CMULexicon
    private var pronouncer: Pronouncer
    /// Grammar token → decoder word, and back (they differ only for overridden dictionary words).
    private var decoderWords: [String: String] = [:]
    private var tokens: [String: String] = [:]
    private var grammars: Set<String> = []
    /// The grammars registered with fallback openings (searched as `openedSearch(name)`), each
    /// with the confidence under which its results are decoded again with them.
    private var openingLevels: [String: Double] = [:]
    /// Further pronunciations of grammar tokens (`word(2)` lines of the overrides file).
    private let alternatives: [String: [[String]]]
    static let phoneLoop = "_phone_loop"
    /// The search of a dictation recognizer: the large language model over the whole
    /// dictionary, for open answers (free text, times, dates) no grammar can hold.
    public static let dictation = "_dictation"
    /// Decoders are made one at a time: PocketSphinx's model loading shares process-wide state
    /// (its log file among it), and two loads at once crashed parleyd.
    private static let creation = NSLock()
    /// A result only the wide-beam search found counts below this confidence as nothing heard
    /// (silence and noise always fit some path when the beams are wide): the dialogue's
    /// not-understood level.
    static let widenedFloor = 0.3

    /// Starts a decoder. Throws `SpeechError.engineUnavailable` when model files are missing
    /// or PocketSphinx refuses them, `SpeechError.file` for a malformed overrides file.
    /// A `dictation` decoder loads the whole dictionary and the large language model
    /// (`RecognizerConfiguration.languageModelPath`; ~0.3 s and ~100 MB more) and decodes with
    /// it (`Recognizer.dictation`) unless a grammar is selected.
    public init(configuration: RecognizerConfiguration = RecognizerConfiguration(), warmUp: Bool = true, dictation: Bool = false) throws {
        let began = DispatchTime.now()
        try configuration.validate()
        self.configuration = configuration
        let decoder = try Self.creation.withLock { () throws -> OpaquePointer in
            let arguments = ["parley"] + configuration.arguments(dictation: dictation)
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
            defer { argv.forEach { free($0) } }
            guard let config = cmd_ln_parse_r(nil, ps_args(), Int32(argv.count), &argv, 1) else {
                throw SpeechError.engineUnavailable("PocketSphinx rejected the options \(configuration.arguments)")
            }
            defer { cmd_ln_free_r(config) }
            guard let decoder = ps_init(config) else {
                throw SpeechError.engineUnavailable("PocketSphinx could not load \(configuration.modelDirectory)")
            }
            if let phoneLM = configuration.phoneLanguageModelPath {
                do {
                    try PhoneBigram.register(on: decoder, name: Self.phoneLoop, from: phoneLM)
                } catch {
                    ps_free(decoder)
                    throw error
                }
            }
            if dictation {
                guard let model = configuration.languageModelPath, FileManager.default.fileExists(atPath: model),
                      ps_set_lm_file(decoder, Self.dictation, model) == 0 else {
                    ps_free(decoder)
                    throw SpeechError.engineUnavailable("no large language model at \(configuration.languageModelPath ?? "(none)") for open answers (set PARLEY_LM)")
                }
            }
            return decoder
        }
        self.decoder = decoder
        let overrides = try configuration.pronunciationsPath.map { try PronunciationOverrides.load(path: $0) } ?? [:]
        alternatives = try configuration.pronunciationsPath.map { try PronunciationOverrides.loadAlternatives(path: $0) } ?? [:]
        lexicon = try CMULexicon.shared(path: configuration.dictionaryPath)
        pronouncer = Pronouncer(lexicon: lexicon, overrides: overrides)
        if dictation {
            grammars.insert(Self.dictation)
            try select(grammar: Self.dictation)
        }
        if warmUp || Self.warmUpMean == nil { try self.warmUp() }  // the first decoder of a process always (`warmUpMean`)
        startupSeconds = Self.seconds(since: began)
    }

    static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    deinit { _ = Self.creation.withLock { ps_free(decoder) } }

    /// The pronunciation the recognizer uses for a grammar token.
    public func pronunciation(of token: String) throws -> Pronunciation {
        try pronouncer.pronounce(token)
    }

    /// Registers `grammar` under `name` (replacing a grammar of that name), first giving the
    /// decoder a pronunciation for every word it lacks. Build grammars once and switch with
    /// `select(grammar:)`; registering costs far more than switching.
    public func register(_ grammar: SpeechGrammar, name: String) throws {
        guard name != Self.phoneLoop, name != Self.dictation, !name.isEmpty else { throw SpeechError.grammar("‘\(name)’ is not a usable grammar name") }
        try addWords(grammar.wordsWithOpenings)
        let model = try FSGModel(grammar, name: name, words: decoderWords, decoder: decoder)
        defer { model.release() }
        guard ps_set_fsg(decoder, name, model.pointer) == 0 else {
            throw SpeechError.grammar("PocketSphinx refused the grammar ‘\(name)’")
        }
        try withOptions(RecognizerConfiguration.retryBeams) {
            guard ps_set_fsg(decoder, Self.retrySearch(name), model.pointer) == 0 else {
                throw SpeechError.grammar("PocketSphinx refused the grammar ‘\(name)’ with wide beams")
            }
        }
        openingLevels[name] = nil
        if !grammar.fallbackOpenings.isEmpty {
            let opened = grammar.opened(by: grammar.fallbackOpenings)
            let model = try FSGModel(opened, name: Self.openedSearch(name), words: decoderWords, decoder: decoder)
            defer { model.release() }
            guard ps_set_fsg(decoder, Self.openedSearch(name), model.pointer) == 0 else {
                throw SpeechError.grammar("PocketSphinx refused the grammar ‘\(name)’ with its openings")
            }
            openingLevels[name] = grammar.openingsBelow
        }
        grammars.insert(name)
        if activeGrammar == nil || activeGrammar == name { try select(grammar: name) }
    }

    /// Makes the grammar registered as `name` the one decoding uses (well under a millisecond).
    public func select(grammar name: String) throws {
        guard grammars.contains(name), ps_set_search(decoder, name) == 0 else {
            throw SpeechError.grammar("no grammar ‘\(name)’ is registered")
        }
        activeGrammar = name
    }

    /// The names of the registered grammars.
    public var grammarNames: [String] { grammars.sorted() }

    /// Makes `loopPartner` (once; ~9 MB and ~20 ms) when the configuration has a confidence and
    /// the machine more than one core; does nothing otherwise. Results are the same either way:
    /// every pass starts a stream of its own and normalizes by its audio's own mean.
    public func decodeLoopAlongside() throws {
        guard loopPartner == nil, configuration.phoneLanguageModelPath != nil,
              ProcessInfo.processInfo.activeProcessorCount > 1 else { return }
        loopPartner = try Recognizer(configuration: configuration, warmUp: false)
    }

    /// Decodes one whole utterance of 16 kHz mono audio with the active grammar and the same
    /// audio with the phone loop for the confidence — at once when there is a second recognizer
    /// of the same configuration for the loop (`partner`, by default `loopPartner`), else one
    /// after the other. Noisy audio is denoised first (`RecognizerConfiguration.noiseSuppression`).
    public func recognize(_ audio: PCMAudio, loopOn partner: Recognizer? = nil) throws -> Recognition {
        guard audio.sampleRate == AudioConverter.recognizerRate else {
            throw SpeechError.badAudio("the recognizer takes 16 kHz audio, got \(audio.sampleRate) Hz")
        }
        guard let grammar = activeGrammar else { throw SpeechError.grammar("no grammar registered") }
        return try recognizeWhole(audio.samples, grammar: grammar, loopOn: partner)
    }

    /// `recognize` with `grammar`: 16 kHz samples cut to the loudest talker's span, denoised
    /// when noisy, padded, under the noise floor, then both passes.
    func recognizeWhole(_ audio: [Int16], grammar: String, loopOn partner: Recognizer? = nil) throws -> Recognition {
        guard !audio.isEmpty else { return .nothing(frames: 0) }
        let raised = QuietGain(target: configuration.quietSpeechLevel).raised(audio)
        let spoken = TalkerSpan(decibels: configuration.talkerSpan).trimmed(raised)
        let heard = NoiseSuppressor.suppressed(spoken, decibels: configuration.noiseSuppression)
        var samples = Self.padded(heard, frames: paddingSamples)
        if configuration.noiseFloor > 0 {
            var mixer = NoiseMixer(seed: Self.noiseSeed)
            samples = mixer.addNoise(samples, deviation: configuration.noiseFloor)
        }
        return try recognizeWhole(prepared: samples, grammar: grammar, loopOn: partner)
    }

    /// Both passes over a whole utterance already padded and under the noise floor; the phone
    /// loop on `partner` (default `loopPartner`) while the grammar pass runs here, when given.
    func recognizeWhole(prepared samples: [Int16], grammar: String, loopOn partner: Recognizer? = nil) throws -> Recognition {
        let start = DispatchTime.now()
        defer { lastWholeSeconds = Self.seconds(since: start) }
        lastPhoneLoopSeconds = 0
        let confidence = configuration.phoneLanguageModelPath != nil
        let openingsBelow = confidence ? openingLevels[grammar] : nil
        let alongside = confidence ? (partner ?? loopPartner).map { LoopPassAlongside(on: $0, samples: samples) } : nil
        let path: Pass, heard: Recognition?, widened: Bool
        do {
            path = try decode(samples, search: grammar)
            (heard, widened) = try widenedIfEmpty(path, samples: samples, grammar: grammar)
        } catch {
            _ = try? alongside?.wait()  // the partner is free again only when its pass is over
            throw error
        }
        lastGrammarSeconds = Self.seconds(since: start)
        let loop: Pass
        if let alongside {
            (loop, lastPhoneLoopSeconds) = try alongside.wait()
        } else {
            guard heard != nil || openingsBelow != nil, confidence else { return heard ?? .nothing(frames: path.frames) }
            let began = DispatchTime.now()
            loop = try decode(samples, search: Self.phoneLoop)
            try select(grammar: grammar)
            lastPhoneLoopSeconds = Self.seconds(since: began)
        }
        var recognition = Recognition.nothing(frames: path.frames)
        if var heard {
            heard.widened = widened
            recognition = scored(heard, loop: loop)
        }
        if let openingsBelow, recognition.confidence < openingsBelow {
            let began = DispatchTime.now()
            recognition = try withOpenings(recognition, samples: samples, grammar: grammar, loop: loop)
            lastGrammarSeconds += Self.seconds(since: began)
        }
        return recognition
    }

    /// Seed of the noise floor's generator: the same for every utterance, so a result never
    /// depends on what was decoded before.
    static let noiseSeed: UInt64 = 7

    /// Samples of `padding`, at 16 kHz.
    var paddingSamples: Int { Int(padding * Double(AudioConverter.recognizerRate)) }

    /// The grammar pass's words, or, when no path reached the grammar's end — the default beams
    /// pruned it (a mispronounced word, heavy noise), or there was nothing to hear — the same
    /// audio once more with wide beams, kept only when the confidence tells the two apart;
    /// everything else decodes as fast. Nil when neither pass heard words.
    func widenedIfEmpty(_ path: Pass, samples: [Int16], grammar: String) throws -> (Recognition?, widened: Bool) {
        let audio = audioFrames(ofPadded: samples)
        if let heard = interpreted(path, audio: audio) { return (heard, false) }
        guard configuration.phoneLanguageModelPath != nil, grammar != Self.dictation else { return (nil, false) }
        return (interpreted(try decode(samples, search: Self.retrySearch(grammar)), audio: audio), true)
    }

    /// The frames of a pass over `samples` (padded) that hold the caller's audio.
    func audioFrames(ofPadded samples: [Int16]) -> Range<Int> {
        audioFrames(samples: samples.count - 2 * paddingSamples)
    }

    /// The frames of a pass that hold the caller's `samples` rather than the padding around them.
    func audioFrames(samples: Int) -> Range<Int> {
        let first = paddingSamples / Self.samplesPerFrame
        return first..<max(first, (paddingSamples + samples) / Self.samplesPerFrame)
    }

    /// The front end's frame shift at 16 kHz (100 frames a second).
    static let samplesPerFrame = 160

    /// Frames per phone, on average over the words heard, below which they are not speech: each
    /// of the model's phones takes at least 3 frames, and a path at about that pace is what a
    /// wide search fits to silence or a click. One second of digital silence at a yes/no question
    /// was heard as “no” in its first 6 frames (2 phones) at confidence 0.40 — and cancelled the
    /// order; eSpeak NG says “no” at 260 words a minute in 23 frames. Only frames of the caller's
    /// audio count, not the padding added around it: the first 40 ms of “order” alone, padded,
    /// was heard as “stop” at confidence 0.96 (the word's frames mostly padding).
    static let minimumFramesPerPhone = 4

    /// The words of a pass, unscored (nil when it holds none, or words too short to be speech).
    /// `audio`: the frames that hold the caller's audio (`audioFrames`); words must be made of them.
    func interpreted(_ path: Pass, audio: Range<Int>) -> Recognition? {
        let heard = Self.speech(path.segments)
        var words = heard.words.map { tokens[$0] ?? $0 }
        // Dictated words are dictionary words: normalized as typed text is (“thirty four” → `34`).
        if activeGrammar == Self.dictation { words = TextNormalizer.tokens(words.joined(separator: " ")) }
        let spoken = path.segments.filter { !Self.isFiller($0.word) }
        let wordFrames = spoken.reduce(0) { $0 + $1.frames.count }
        guard !words.isEmpty, wordFrames > 0 else { return nil }
        let lexicon = DecoderLexicon(decoder: decoder)
        let phones = spoken.reduce(0) { $0 + (lexicon.phones(of: $1.word)?.count ?? 1) }
        let framesOfAudio = spoken.reduce(0) {
            $0 + max(0, min($1.frames.upperBound + 1, audio.upperBound) - max($1.frames.lowerBound, audio.lowerBound))
        }
        guard framesOfAudio >= Self.minimumFramesPerPhone * phones else { return nil }
        let confidence = configuration.phoneLanguageModelPath == nil ? 1.0 : 0
        return Recognition(words: words, confidence: confidence, frames: path.frames, speechFrames: wordFrames,
                           grammarScore: path.segments.reduce(0) { $0 + $1.score }, phoneLoopScore: nil)
    }

    /// `recognition` with its confidence from the phone loop's pass over the same audio.
    /// Both passes cover every frame; the difference is spread over the frames the grammar calls
    /// words. Speech the grammar had to explain as silence or noise (words it does not know)
    /// widens the gap most — measured, this separated out-of-grammar speech better than
    /// comparing only the span of the words.
    func scored(_ recognition: Recognition, loop: Pass) -> Recognition {
        var recognition = recognition
        recognition.phoneLoopScore = loop.segments.reduce(0) { $0 + $1.score }
        recognition.confidence = recognition.gap.map { confidenceScale.confidence(gap: $0, speechFrames: recognition.speechFrames) } ?? 0
        if recognition.widened && recognition.confidence < Self.widenedFloor {
            return .nothing(frames: recognition.frames)
        }
        return recognition
    }

    /// `samples` with `frames` of near-silence (deterministic noise of ±2) on both sides: a
    /// grammar path must end in silence, and synthesized or trimmed audio often has none.
    static func padded(_ samples: [Int16], frames: Int) -> [Int16] {
        guard frames > 0 else { return samples }
        let pad = pad(frames)
        return pad + samples + pad
    }

    /// `frames` samples of near-silence: deterministic noise of ±2.
    static func pad(_ frames: Int) -> [Int16] {
        var state: UInt32 = 12345
        return (0..<max(0, frames)).map { _ -> Int16 in
            state = state &* 1_103_515_245 &+ 12345
            return Int16(Int(state >> 16) % 5) - 2
        }
    }

    /// Gives the decoder a word for every token it lacks — dictionary words with all their
    /// pronunciations (`word(2)`, …) — and updates its dictionary once, on the last word added
    /// (each update rebuilds the searches).
    private func addWords(_ words: [String]) throws {
        var additions: [(name: String, phones: String)] = []
        func add(_ name: String, _ phones: [String]) {
            if DecoderLexicon(decoder: decoder).phones(of: name) == nil, !additions.contains(where: { $0.name == name }) {
                additions.append((name, phones.joined(separator: " ")))
            }
        }
        for token in words where decoderWords[token] == nil {
            let pronunciation = try pronouncer.pronounce(token)
            var name = token
            if pronunciation.source == .override, lexicon.phones(of: token) != nil {
                name = token + "_parley"  // the dictionary has the word: add the override under its own name
            }
            if pronunciation.source == .dictionary {
                for (index, phones) in lexicon.pronunciations(of: token.lowercased()).enumerated() {
                    add(index == 0 ? name : "\(name)(\(index + 1))", phones)
                }
            } else {
                add(name, pronunciation.phones)
            }
            decoderWords[token] = name
            tokens[name] = token
            // Alternates are `name(parleyN)`: PocketSphinx links a `base(…)` entry to its base
            // word, and the grammar's searches accept either.
            for (index, phones) in (alternatives[token] ?? []).enumerated() {
                add("\(name)(parley\(index + 1))", phones)
            }
        }
        for (index, addition) in additions.enumerated() {
            let update: Int32 = index == additions.count - 1 ? 1 : 0
            if ps_add_word(decoder, addition.name, addition.phones, update) < 0 {
                throw SpeechError.noPronunciation("\(addition.name) (PocketSphinx refused ‘\(addition.phones)’)")
            }
        }
    }

    /// Decodes a short synthesized sentence with the phone loop so the decoder's feature
    /// statistics are set before the first real utterance.
    private func warmUp() throws {
        guard configuration.phoneLanguageModelPath != nil, var audio = Self.warmUpAudio else { return }
        if configuration.noiseFloor > 0 {
            var mixer = NoiseMixer(seed: Self.noiseSeed)
            audio = mixer.addNoise(audio, deviation: configuration.noiseFloor)
        }
        _ = try decode(audio, search: Self.phoneLoop)
        let mean = cepstralMean
        Self.warmUpMeans.withLock { if $0 == nil { $0 = mean } }
    }

    /// The cepstral mean of the warm-up sentence under the noise floor (set by the first decoder
    /// warmed up): where a stream starts when its source was not heard before. The model's own
    /// starting mean (`-cmninit`) is far from Parley's levels: decoders that streamed from it
    /// found no path through the grammar at all.
    public static var warmUpMean: [Float]? { warmUpMeans.withLock { $0 } }
    private static let warmUpMeans = Mutex<[Float]?>(nil)

    /// The warm-up sentence, synthesized once per process (a daemon makes decoders as
    /// conversations overlap, and eSpeak NG serves one caller at a time).
    private static let warmUpAudio: [Int16]? = {
        try? AudioConverter.recognizerAudio(SpeechSynthesizer().synthesize("Parley is ready to listen.")).padded(seconds: 0.3).samples
    }()
}

/// The decoder's loaded dictionary as a `Lexicon`.
struct DecoderLexicon: Lexicon {
    let decoder: OpaquePointer

    func phones(of word: String) -> [String]? {
        guard let found = ps_lookup_word(decoder, word) else { return nil }
        defer { free(found) }
        let phones = String(cString: found).split(separator: " ").map(String.init)
        return phones.isEmpty ? nil : phones
    }
}
