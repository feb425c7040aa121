import ArgumentParser
import Foundation
import ParleyDialogue
import ParleySpeech
import ParleySpeechBench

/// `parley bench-coffee`: command accuracy on the coffee corpus's real recordings, clean and in noise.
struct BenchCoffeeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-coffee",
        abstract: "Measure command accuracy on real recordings: the coffee corpus answering “What would you like?”.",
        discussion: """
            Each recording of CORPUS/coffee/dev answers the question the opening asks, decoded with that \
            question's answer grammar exactly as `parley converse` takes @file.wav; a command is right when the \
            conversation ends done with the labelled intent, every labelled slot right and no other slot. Passes: \
            clean, then white noise and babble (other recordings of the corpus summed) at each SNR. Deterministic \
            by --seed. Use a release build for the real-time factor.
            """
    )

    @Option(name: .long, help: "A folder (or file) of phrase tables holding the coffee app.")
    var phrases = "Benchmarks/coffee"

    @OptionGroup var speech: SpeechOptions

    @Option(name: .long, help: "The shared corpus folder (the benchmark is skipped when it is absent).")
    var corpus = "../shared/corpus"

    @Option(name: .long, help: "The typed turn that starts each order.")
    var opening = "order coffee with coffee maker"

    @Option(name: .long, help: "Signal-to-noise ratios of the noisy passes, in dB, comma-separated (empty: clean only).")
    var snr = "6,12,18,24"

    @Option(name: .long, help: "Noise kinds, comma-separated: white, babble.")
    var noise = "white,babble"

    @Option(name: .long, help: "Talkers summed into babble.")
    var talkers = 4

    @Option(name: .long, help: "Recordings babble is made of, comma-separated: coffee (the other orders), librivox.")
    var babbleFrom = "coffee,librivox"

    @Option(name: .long, parsing: .unconditional, help: "Decibels every recording is made louder by first; negative: quieter, as from a microphone set low.")
    var gain = 0.0

    @Option(name: .long, help: "Seed of the noise.")
    var seed: UInt64 = 42

    @Option(name: .long, help: "Only the first N recordings (by file name).")
    var limit: Int?

    @Option(name: .long, help: "Write each utterance's confidence gaps to this file, for calibration (see bench-speech).")
    var gaps: String?

    @Flag(name: .long, help: "Print every failure: what was heard against what was expected.")
    var verbose = false

    func run() throws {
        let compiled = try loadCompiledTable(phrases)
        let folder = corpus + "/coffee/dev"
        guard FileManager.default.fileExists(atPath: folder + "/labels.json") else {
            print("coffee benchmark: skipped (no \(folder)/labels.json)")
            return
        }
        var commands = try LabelledCommand.load(folder: folder)
        if let limit { commands = Array(commands.prefix(limit)) }
        let conditions = try self.conditions()
        let audio = try commands.map { command in
            let recording = try AudioConverter.load(path: command.path)
            return PCMAudio(samples: QuietGain.scaled(recording.samples, by: gain), sampleRate: recording.sampleRate)
        }
        let listener: TurnRecognizer
        do {
            listener = try TurnRecognizer(compiled, configuration: speech.configuration)
        } catch {
            FileHandle.standardError.write(Data("parley bench-coffee: \(error)\n".utf8))
            throw ExitCode(2)
        }
        let benchmark = CommandAccuracyBenchmark(compiled: compiled, listener: listener, opening: opening)
        let babble = conditions.contains { $0.noise == .babble } ? try makeBabble(commands: commands, audio: audio) : nil
        let seconds = audio.reduce(0) { $0 + $1.seconds }
        print("coffee command accuracy: \(commands.count) recordings, \(String(format: "%.0f", seconds)) s of audio; "
            + "tables \(phrases); opening “\(opening)”" + (gain == 0 ? "" : "; recordings \(gain > 0 ? "+" : "")\(gain) dB"))
        var gapLog = ConfidenceGaps(phonesBy: listener.recognizer)
        defer { gapLog.write(to: gaps) }
        for condition in conditions {
            var tally = CommandTally()
            for (index, command) in commands.enumerated() {
                let input: PCMAudio
                switch condition.noise {
                case nil: input = audio[index]
                case .white?:
                    var mixer = NoiseMixer(seed: seed &+ UInt64(index))
                    input = mixer.mix(audio[index], snrDecibels: condition.snrDecibels)
                case .babble?:
                    input = babble?.mix(audio[index], for: index, snrDecibels: condition.snrDecibels) ?? audio[index]
                }
                let trial = try benchmark.run(command, audio: input)
                tally.add(trial)
                gapLog.note("coffee-\(trial.outcome == .right ? "right" : "wrong")-\(condition)".replacingOccurrences(of: " ", with: ""), trial.recognition)
                if verbose, trial.outcome != .right { print("  ✗ [\(condition)] " + BenchCoffeeReport.failure(trial)) }
            }
            print(BenchCoffeeReport.line(condition, tally))
        }
        print("answer grammars registered: \(listener.answerGrammarCount)")
    }

    private func conditions() throws -> [NoiseCondition] {
        let levels = try snr.split(separator: ",").map { text -> Double in
            guard let value = Double(text.trimmingCharacters(in: .whitespaces)) else { throw ValidationError("--snr takes numbers: \(snr)") }
            return value
        }
        let kinds = try noise.split(separator: ",").map { text -> NoiseKind in
            guard let kind = NoiseKind(rawValue: text.trimmingCharacters(in: .whitespaces)) else {
                throw ValidationError("--noise takes white and babble: \(noise)")
            }
            return kind
        }
        return [.clean] + kinds.flatMap { kind in levels.sorted(by: >).map { NoiseCondition(noise: kind, snrDecibels: $0) } }
    }

    /// Babble from the other coffee recordings (an utterance never hears itself) and the
    /// audiobook sentences, as `--babble-from` names them.
    private func makeBabble(commands: [LabelledCommand], audio: [PCMAudio]) throws -> BabbleNoise {
        let kinds = Set(babbleFrom.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        var recordings: [PCMAudio] = [], sources: [Int?] = []
        if kinds.contains("coffee") {
            recordings += audio
            sources += commands.indices.map { $0 }
        }
        if kinds.contains("librivox") {
            let librivox = corpus + "/pocketsphinx/librivox"
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: librivox)) ?? []).filter { $0.hasSuffix(".wav") }.sorted()
            recordings += try names.map { try AudioConverter.load(path: librivox + "/" + $0) }
            sources += names.map { _ in nil }
        }
        guard !recordings.isEmpty else { throw ValidationError("--babble-from names no recordings: \(babbleFrom)") }
        return BabbleNoise(recordings: recordings, sources: sources, talkersPerUtterance: talkers, seed: seed)
    }
}

/// The lines `parley bench-coffee` prints.
enum BenchCoffeeReport {
    static func line(_ condition: NoiseCondition, _ tally: CommandTally) -> String {
        let causes = tally.causes.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return String(format: "%-14@ %3d/%d = %5.1f%% right   RTF %.3f (grammar %.3f + phone loop %.3f)",
                      condition.description, tally.right, tally.total, tally.percent, tally.realTimeFactor,
                      tally.grammarSeconds / max(tally.audioSeconds, 1e-9), tally.phoneLoopSeconds / max(tally.audioSeconds, 1e-9))
            + (causes.isEmpty ? "" : "   failures: " + causes)
    }

    static func failure(_ trial: CommandTrial) -> String {
        let expected = trial.command.slots.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
        var text = "\(trial.command.fileName): heard “\(trial.recognition.text)” "
            + String(format: "(confidence %.2f) → %@", trial.recognition.confidence, trial.outcome.cause)
        if case .wrongSlots(let missing, let wrong, let extra) = trial.outcome {
            text += " [" + (wrong + missing.map { "missing \($0)" } + extra.map { "extra \($0)" }).joined(separator: "; ") + "]"
        }
        return text + "; expected \(trial.command.intent): \(expected)"
    }
}
