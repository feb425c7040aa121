import ArgumentParser
import Foundation
import ParleyGrammar
import ParleySpeech

/// `parley bench-speech`: recognition accuracy, rejection and speed on this machine.
struct SpeechBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-speech",
        abstract: "Measure speech: eSpeak NG loopback accuracy (clean and noisy), rejection, speed and memory.",
        discussion: """
            Every shipped shortcut phrase (sample values) is spoken by each voice, recognized with the \
            top-level grammar and matched; right means the same shortcut and value as the text itself \
            matches. Every answer to every follow-up question the tables define (titles, synonyms, yes/no, \
            numbers, global commands) is spoken too and decoded with that question's grammar. Rejection: the librivox sentences of the shared corpus and unrelated eSpeak sentences \
            must match nothing. Use a release build for the speed figures.
            """
    )

    @OptionGroup var tables: PhrasesOption
    @OptionGroup var speech: SpeechOptions

    @Option(name: .long, help: "The shared corpus folder (skipped when absent).")
    var corpus = "../shared/corpus"

    @Option(name: .long, help: "Signal-to-noise ratio of the noisy pass, in dB.")
    var snr = 10.0

    @Option(name: .long, help: "Voices as VOICE@WPM, comma-separated.")
    var voices = "en-us@150,en-us@210,en-us+f3@150,en-us+f3@210,en-us+m3@150,en-us+m3@210,en@175"

    @Flag(name: .long, help: "Print every miss and every accepted out-of-grammar sentence.")
    var verbose = false

    @Flag(name: .long, help: "Fewer sample sentences (one expansion per phrase, two slot values), for quick comparisons.")
    var quick = false

    @Option(name: .long, help: "Say every shortcut phrase after these words (e.g. \"could you\"): politeness before a command.")
    var commandOpening: String?

    @Option(name: .long, help: "Say every value answer but yes or no after these words (e.g. \"i'd like\"): politeness before an answer.")
    var answerOpening: String?

    @Option(name: .long, help: "Write each utterance's confidence gap (kind, gap per frame) to this file, for calibration.")
    var gaps: String?

    @Option(name: .long, help: "Write one line per utterance (kind, voice, pass, said, heard, confidence, right, meant) to this file, to compare runs.")
    var results: String?

    func run() throws {
        let compiled = try loadCompiledTable(tables.phrases)
        let memoryBefore = ProcessMemory.residentBytes()
        let began = DispatchTime.now()
        let transcriber: SpeechTranscriber
        do {
            transcriber = try SpeechTranscriber(compiled, configuration: speech.configuration)
        } catch {
            FileHandle.standardError.write(Data("parley bench-speech: \(error)\n".utf8))
            throw ExitCode(2)
        }
        let startup = seconds(since: began)
        let memory = ProcessMemory.residentBytes() - memoryBefore
        let samples = quick ? ShortcutSamples.of(compiled, expansionsPerPhrase: 1, valuesPerSlot: 2) : ShortcutSamples.of(compiled)
        print("tables: \(compiled.table.apps.count) apps, \(compiled.phrases.count) phrases, \(samples.count) sample sentences")
        print(String(format: "decoder start-up: %.0f ms (recognizer %.0f ms incl. warm-up), memory +%.1f MB",
                     startup * 1000, transcriber.recognizer.startupSeconds * 1000, Double(memory) / 1_048_576))

        var gapLog = ConfidenceGaps(phonesBy: transcriber.recognizer)
        func noteGap(_ kind: String, _ recognition: Recognition) { gapLog.note(kind, recognition) }
        defer { gapLog.write(to: gaps) }
        var resultLog = UtteranceLog()
        defer { resultLog.write(to: results) }
        let answers = try AnswerLoopback(compiled, recognizer: transcriber.recognizer)
        print("follow-up questions: \(answers.questions.count) (\(answers.grammarCount) distinct grammars), \(answers.answerCount) answers per voice")
        var clean = Tally(), noisy = Tally()
        var answersClean = 0, answersNoisy = 0, answersTotal = 0
        var mixer = NoiseMixer(seed: 42), answerMixer = NoiseMixer(seed: 43)
        for spec in voices.split(separator: ",") {
            let parts = spec.split(separator: "@")
            let voice = String(parts[0])
            let rate = parts.count > 1 ? Int(parts[1]) ?? 175 : 175
            let synthesizer = SpeechSynthesizer(voice: voice, wordsPerMinute: rate)
            var voiceClean = Tally(), voiceNoisy = Tally()
            for sample in samples {
                let said = commandOpening.map { $0 + " " + sample.text } ?? sample.text
                let audio = try AudioConverter.recognizerAudio(synthesizer.synthesize(said)).padded(seconds: 0.3)
                let expected = transcriber.matcher.match(tokens: sample.words).first
                for (pass, input) in [(0, audio), (1, mixer.mix(audio, snrDecibels: snr))] {
                    let result = try transcriber.transcribe(input)
                    let right = Self.key(result.match) == Self.key(expected) && expected != nil
                    let recognizer = transcriber.recognizer
                    let timing = (recognizer.lastGrammarSeconds, recognizer.lastPhoneLoopSeconds, recognizer.lastWholeSeconds)
                    let heardRight = result.recognition.words == sample.words
                    noteGap((heardRight ? "right" : right ? "equivalent" : "wrong") + (pass == 1 ? "-noisy" : ""), result.recognition)
                    let meant = Self.key(transcriber.matcher.match(tokens: result.recognition.words).first) == Self.key(expected) && expected != nil
                    resultLog.note("shortcut", voice: String(spec), noisy: pass == 1, said: said, heard: result.recognition,
                                   right: right, meant: meant)
                    if pass == 0 {
                        voiceClean.add(right, result, audio: input.seconds, timing: timing)
                    } else {
                        voiceNoisy.add(right, result, audio: input.seconds, timing: timing)
                    }
                    if verbose, !right {
                        print("  miss [\(voice)@\(rate)\(pass == 1 ? " noisy" : "")] “\(said)” → “\(result.recognition.text)” " + Self.scores(result.recognition))
                    }
                }
            }
            let answered = try answers.run(synthesizer, mixer: &answerMixer, snr: snr, opening: answerOpening,
                                           verbose: verbose, label: "\(voice)@\(rate)", noteGap: noteGap) {
                resultLog.note("answer", voice: String(spec), noisy: $2, said: $0, heard: $1, right: $3, meant: $4)
            }
            answersClean += answered.clean
            answersNoisy += answered.noisy
            answersTotal += answered.total
            print(String(format: "  %@@%d: clean %d/%d, %.0f dB noise %d/%d; answers clean %d/%d, noise %d/%d", voice, rate,
                         voiceClean.right, voiceClean.total, snr, voiceNoisy.right, voiceNoisy.total,
                         answered.clean, answered.total, answered.noisy, answered.total))
            clean.merge(voiceClean)
            noisy.merge(voiceNoisy)
        }
        print(String(format: "loopback clean: %d/%d = %.1f%% right", clean.right, clean.total, clean.percent))
        print(String(format: "loopback %.0f dB white noise: %d/%d = %.1f%% right", snr, noisy.right, noisy.total, noisy.percent))
        print(String(format: "follow-up answers clean: %d/%d = %.1f%% right; %.0f dB white noise: %d/%d = %.1f%% right",
                     answersClean, answersTotal, 100 * Double(answersClean) / Double(max(1, answersTotal)),
                     snr, answersNoisy, answersTotal, 100 * Double(answersNoisy) / Double(max(1, answersTotal))))
        print(String(format: "real-time factor: %.4f grammar pass + %.4f phone loop = %.4f; whole utterance %.4f (%@)",
                     clean.grammarSeconds / clean.audioSeconds, clean.loopSeconds / clean.audioSeconds,
                     (clean.grammarSeconds + clean.loopSeconds) / clean.audioSeconds, clean.wholeSeconds / clean.audioSeconds,
                     transcriber.recognizer.loopPartner == nil ? "one pass after the other" : "the passes at once, on two threads"))
        print("confidence of right results: " + clean.confidenceSummary)

        try rejection(transcriber, noteGap) { resultLog.note($0, voice: "", noisy: false, said: $1, heard: $2, right: $3, meant: !$3) }
        try dictation()
        try switching(transcriber)
    }

    /// Open answers: the corpus's audiobook sentences dictated with the large language model.
    private func dictation() throws {
        let folder = corpus + "/pocketsphinx/librivox"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".wav") }.sorted()
        guard !names.isEmpty, speech.configuration.languageModelPath != nil else {
            print("dictation: skipped (no \(folder), or no language model)")
            return
        }
        let memoryBefore = ProcessMemory.residentBytes()
        let began = DispatchTime.now()
        let recognizer = try Recognizer(configuration: speech.configuration, warmUp: false, dictation: true)
        let startup = seconds(since: began)
        var errors = 0, words = 0, audioSeconds = 0.0, decoding: [Double] = []
        var sentences: [(audio: PCMAudio, expected: [String])] = []
        for name in names {
            let audio = try AudioConverter.load(path: folder + "/" + name)
            let start = DispatchTime.now()
            let heard = try recognizer.recognize(audio)
            decoding.append(seconds(since: start))
            audioSeconds += audio.seconds
            let transcript = try String(contentsOfFile: folder + "/" + name.replacingOccurrences(of: ".wav", with: ".txt"), encoding: .utf8)
            let expected = TextNormalizer.tokens(transcript)
            errors += WordErrors.count(heard.words, expected)
            words += expected.count
            sentences.append((audio, expected))
            if verbose { print("  dictated “\(heard.text)” for “\(expected.joined(separator: " "))” " + Self.scores(heard)) }
        }
        print(String(format: "dictation (open answers; librivox, %d sentences): %d word errors in %d words = %.1f%%, real-time factor %.3f, "
                     + "start-up %.0f ms, memory +%.1f MB", names.count, errors, words, 100 * Double(errors) / Double(max(1, words)),
                     decoding.reduce(0, +) / max(audioSeconds, 1e-9), startup * 1000, Double(ProcessMemory.residentBytes() - memoryBefore) / 1_048_576))
        try streamedDictation(sentences, on: recognizer, wholeSeconds: decoding)
    }

    /// The same sentences streamed in 20 ms pieces, as parleyd streams an open answer: word errors,
    /// and the decoding left after the end of speech against decoding the whole utterance then.
    private func streamedDictation(_ sentences: [(audio: PCMAudio, expected: [String])], on recognizer: Recognizer,
                                   wholeSeconds: [Double]) throws {
        let loop = try Recognizer(configuration: speech.configuration, warmUp: false)
        var errors = 0, decodedWhole = 0, afterEnd: [Double] = []
        for (audio, expected) in sentences {
            let stream = try RecognitionStream(grammar: Recognizer.dictation, on: recognizer, loop: loop, trust: RecognitionStream.dictationTrustedAbove)
            for piece in stride(from: 0, to: audio.samples.count, by: 320) {
                try stream.feed(Array(audio.samples[piece..<min(piece + 320, audio.samples.count)]))
            }
            let ending = DispatchTime.now()
            let heard = try stream.finish()
            afterEnd.append(seconds(since: ending))
            errors += WordErrors.count(heard.words, expected)
            if stream.decodedWhole { decodedWhole += 1 }
            if verbose { print("  streamed “\(heard.text)” " + Self.scores(heard) + (stream.decodedWhole ? " (decoded again whole)" : "")) }
        }
        func milliseconds(_ values: [Double]) -> String {
            String(format: "%.0f ms on average (at most %.0f)", 1000 * values.reduce(0, +) / Double(max(1, values.count)), 1000 * (values.max() ?? 0))
        }
        print("dictation streamed: \(errors) word errors, \(decodedWhole) of \(sentences.count) decoded again whole; decoding left after "
              + "the end of speech \(milliseconds(afterEnd)), whole \(milliseconds(wholeSeconds))")
    }

    /// Out-of-grammar speech: the librivox sentences and unrelated eSpeak sentences.
    private func rejection(_ transcriber: SpeechTranscriber, _ noteGap: (String, Recognition) -> Void,
                           noteResult: (_ kind: String, _ said: String, _ heard: Recognition, _ rejected: Bool) -> Void) throws {
        for (name, folder) in [("librivox", corpus + "/pocketsphinx/librivox"), ("coffee", corpus + "/coffee/dev")] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            let files = names.filter { $0.hasSuffix(".wav") }.sorted().map { folder + "/" + $0 }
            guard !files.isEmpty else {
                print("\(name) rejection: skipped (no \(folder))")
                continue
            }
            var rejected = 0
            for file in files {
                let result = try transcriber.transcribe(AudioConverter.load(path: file))
                noteGap(name, result.recognition)
                let isRejected = result.match == nil && result.globalCommand == nil
                noteResult(name, (file as NSString).lastPathComponent, result.recognition, isRejected)
                if isRejected { rejected += 1 } else if verbose {
                    print("  accepted \(file): “\(result.recognition.text)” " + Self.scores(result.recognition))
                }
            }
            print(String(format: "%@ rejection (real speech outside the tables): %d/%d = %.1f%% rejected", name, rejected, files.count,
                         100 * Double(rejected) / Double(files.count)))
        }
        var rejected = 0
        for sentence in OutOfGrammarSentences.all {
            let audio = try AudioConverter.recognizerAudio(SpeechSynthesizer().synthesize(sentence)).padded(seconds: 0.3)
            let result = try transcriber.transcribe(audio)
            noteGap("oog", result.recognition)
            let isRejected = result.match == nil && result.globalCommand == nil
            noteResult("oog", sentence, result.recognition, isRejected)
            if isRejected { rejected += 1 } else if verbose {
                print("  accepted “\(sentence)”: “\(result.recognition.text)” " + Self.scores(result.recognition))
            }
        }
        print(String(format: "eSpeak out-of-grammar rejection: %d/%d = %.1f%% rejected", rejected, OutOfGrammarSentences.all.count,
                     100 * Double(rejected) / Double(OutOfGrammarSentences.all.count)))
    }

    /// Switching between two registered grammars, averaged over many switches.
    private func switching(_ transcriber: SpeechTranscriber) throws {
        let recognizer = transcriber.recognizer
        let began = DispatchTime.now()
        try recognizer.register(GrammarBuilder.phrases(GrammarBuilder.globalCommands.map(TextNormalizer.tokens)), name: "bench-global")
        let registration = seconds(since: began)
        let rounds = 10_000
        let start = DispatchTime.now()
        for round in 0..<rounds {
            try recognizer.select(grammar: round % 2 == 0 ? "bench-global" : SpeechTranscriber.topLevelGrammar)
        }
        let perSwitch = seconds(since: start) / Double(rounds)
        try recognizer.select(grammar: SpeechTranscriber.topLevelGrammar)
        print(String(format: "grammar switch: %.4f ms (registering a small grammar: %.2f ms)", perSwitch * 1000, registration * 1000))
    }

    /// A result's confidence and gap for `--verbose`, and whether only the wide search found it.
    private static func scores(_ recognition: Recognition) -> String {
        String(format: "conf %.2f gap %.0f", recognition.confidence, recognition.gapPerFrame ?? -1) + (recognition.widened ? " wide" : "")
    }

    private static func key(_ match: ShortcutMatch?) -> String? {
        match.map { found in "\(found.shortcut)/" + found.parameters.map { "\($0.name)=\($0.value)" }.sorted().joined(separator: ",") }
    }

    private func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}

/// Counts of one benchmark pass.
private struct Tally {
    var right = 0, total = 0
    var audioSeconds = 0.0, grammarSeconds = 0.0, loopSeconds = 0.0, wholeSeconds = 0.0
    var confidences: [Double] = []

    mutating func add(_ isRight: Bool, _ result: Transcription, audio: Double, timing: (Double, Double, Double)) {
        total += 1
        if isRight {
            right += 1
            confidences.append(result.recognition.confidence)
        }
        audioSeconds += audio
        grammarSeconds += timing.0
        loopSeconds += timing.1
        wholeSeconds += timing.2
    }

    mutating func merge(_ other: Tally) {
        right += other.right
        total += other.total
        audioSeconds += other.audioSeconds
        grammarSeconds += other.grammarSeconds
        loopSeconds += other.loopSeconds
        wholeSeconds += other.wholeSeconds
        confidences += other.confidences
    }

    var percent: Double { total > 0 ? 100 * Double(right) / Double(total) : 0 }

    var confidenceSummary: String {
        let sorted = confidences.sorted()
        guard !sorted.isEmpty else { return "none" }
        func at(_ fraction: Double) -> Double { sorted[min(sorted.count - 1, Int(fraction * Double(sorted.count)))] }
        return String(format: "min %.2f, 1%% %.2f, 5%% %.2f, median %.2f", sorted[0], at(0.01), at(0.05), at(0.5))
    }
}

/// Resident memory of this process.
enum ProcessMemory {
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
