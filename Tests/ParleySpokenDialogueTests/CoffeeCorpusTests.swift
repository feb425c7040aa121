import Foundation
import ParleyDialogue
import ParleyGrammar
import ParleySpeech
import ParleySpeechBench
import ParleyTable
import Testing

/// The coffee benchmark on a few real recordings, when `../shared/corpus` is beside the
/// checkout (skipped otherwise). Figures come from `parley bench-coffee`, not from here.
@Suite(.enabled(if: Repository.corpus != nil, "needs ../shared/corpus beside the checkout"))
struct CoffeeCorpusTests {
    static func commands(_ count: Int) throws -> [LabelledCommand] {
        let corpus = try #require(Repository.corpus)
        return Array(try LabelledCommand.load(folder: corpus + "/coffee/dev").prefix(count))
    }

    /// The benchmark as `parley bench-coffee` runs it: the coffee app, one listener, the typed opening.
    static func benchmark() throws -> CommandAccuracyBenchmark {
        let compiled = try Repository.compiled("Benchmarks/coffee")
        return CommandAccuracyBenchmark(compiled: compiled, listener: try TurnRecognizer(compiled), opening: "order coffee with coffee maker")
    }

    @Test func aFewRecordingsResolveThroughTheAnswerGrammar() throws {
        let benchmark = try Self.benchmark()
        let commands = try Self.commands(3)
        #expect(commands.count == 3)
        var right = 0
        for command in commands {
            let trial = try benchmark.run(command, audio: AudioConverter.load(path: command.path))
            #expect(!trial.recognition.isEmpty, "\(command.fileName)")
            if trial.outcome == .right { right += 1 }
        }
        // One answer grammar, registered once for all three.
        #expect(benchmark.listener.answerGrammarCount == 1)
        #expect(right >= 2, "\(right)/3 right")
    }

    /// Orders whose slots the decoder's language weight taxed away (“some sweetener” heard as
    /// “sweetener”, an order heard as “what are my options”, a roast nobody ordered) are heard
    /// whole at the sentence grammar's branch weight of 1.
    @Test func longOrdersKeepEverySlotTheySaid() throws {
        let benchmark = try Self.benchmark()
        let names = ["76c73b9a-0bdd-4f24-aed5-f4ac707980ce.wav", "97837b90-aee1-415f-893a-5e45371551c9.wav",
                     "d1cff360-3333-4a24-b0ac-6725aed53d73.wav", "d3904aa3-684d-493e-b3fb-433447e74137.wav"]
        let commands = try Self.commands(.max).filter { names.contains($0.fileName) }
        #expect(commands.count == names.count)
        for command in commands {
            let trial = try benchmark.run(command, audio: AudioConverter.load(path: command.path))
            #expect(trial.outcome == .right, "\(command.fileName): heard “\(trial.recognition.text)” → \(trial.outcome)")
        }
    }

    /// “Iced coffee” said “ice coffee” (the t lost before the k) was heard as “house coffee”
    /// until `models/pronunciations.dict` gave “iced” its second way to say it.
    @Test func icedSaidWithoutItsTIsIced() throws {
        let benchmark = try Self.benchmark()
        let command = try #require(try Self.commands(.max).first { $0.fileName == "e77b99b9-063a-479d-a505-ffe8969c38e4.wav" })
        let trial = try benchmark.run(command, audio: AudioConverter.load(path: command.path))
        #expect(trial.outcome == .right, "heard “\(trial.recognition.text)” → \(trial.outcome)")
    }

    /// A microphone set 30 dB low: the recordings' speech sinks to the recognizer's noise floor
    /// (about −50 dBFS) and nothing is understood, unless quiet speech is raised first (`QuietGain`).
    @Test func aMicrophoneSetLowIsHeardAsWell() throws {
        let commands = try Self.commands(3)
        let compiled = try Repository.compiled("Benchmarks/coffee")
        let raising = try Self.benchmark()
        let notRaising = CommandAccuracyBenchmark(
            compiled: compiled, listener: try TurnRecognizer(compiled, configuration: RecognizerConfiguration(quietSpeechLevel: 0)),
            opening: "order coffee with coffee maker")
        var right = (full: 0, raised: 0, notRaised: 0)
        for command in commands {
            let audio = try AudioConverter.load(path: command.path)
            let quiet = PCMAudio(samples: audio.samples.map { Int16((Double($0) / 31.6).rounded()) }, sampleRate: audio.sampleRate)
            if try raising.run(command, audio: audio).outcome == .right { right.full += 1 }
            if try raising.run(command, audio: quiet).outcome == .right { right.raised += 1 }
            if try notRaising.run(command, audio: quiet).outcome == .right { right.notRaised += 1 }
        }
        #expect(right.raised == right.full, "\(right)")
        #expect(right.notRaised < right.full, "\(right)")
    }

    @Test func everyLabelledValueIsAValueOfTheApp() throws {
        let compiled = try Repository.compiled("Benchmarks/coffee")
        let app = try #require(compiled.table.apps.first { $0.name.value == "Coffee Maker" })
        let commands = try Self.commands(.max)
        #expect(commands.count == 120)
        for command in commands {
            let intent = try #require(app.intents.first { $0.id.lowercased() == command.intent.lowercased() })
            for (name, text) in command.slots {
                let parameter = try #require(intent.parameter(named: name), "\(name)")
                #expect(ParameterValue.parse(text, for: parameter, in: app) != nil, "\(command.fileName): \(name)=\(text)")
            }
        }
    }

    @Test func babbleFromTheCorpusIsDeterministic() throws {
        let audio = try Self.commands(4).map { try AudioConverter.load(path: $0.path) }
        let make = { BabbleNoise(recordings: audio, sources: [0, 1, 2, 3], talkersPerUtterance: 2, seed: 42) }
        let first = make().mix(audio[0], for: 0, snrDecibels: 6)
        #expect(first == make().mix(audio[0], for: 0, snrDecibels: 6))
        #expect(first != audio[0])
    }
}
