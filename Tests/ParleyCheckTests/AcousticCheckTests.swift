import Foundation
import ParleyCheck
import ParleyGrammar
import ParleyRandom
import ParleyTable
import Testing

/// “Speech” that is the text's bytes: lets the check run without the engines.
struct TextAsSamples: SpeechRendering {
    func render(_ text: String, voice: AcousticVoice) throws -> [Int16] { text.utf8.map { Int16($0) } }
}

/// Hears the bytes back, but mishears one word the way a recognizer might.
struct MishearingEar: SpeechHearing {
    var confusions: [String: String]
    func hear(_ samples: [Int16]) throws -> String {
        let text = String(decoding: samples.map { UInt8(clamping: $0) }, as: UTF8.self)
        return text.split(separator: " ").map { confusions[String($0)] ?? String($0) }.joined(separator: " ")
    }
}

private let table = """
    app:
      name: Calm
    types:
      Station: {news: News, jazz: Jazz, rock: Rock}
    intents:
      Play:
        title: Play a station
        parameters:
          station: {type: Station, prompt: Which station?}
      Pray:
        title: Start a prayer
    shortcuts:
      - intent: Play
        phrases:
          - Play {station} (on | with) {app}
      - intent: Pray
        phrases:
          - Pray (on | with) {app}
    """

private func compiled() -> CompiledTable {
    PhraseCompiler.compile(PhraseTable(apps: [PhraseTableLoader.loadApp(file: "calm.yaml", text: table).app!]))
}

@Suite("parley check --acoustic (with stand-in engines)")
struct AcousticCheckTests {
    let options = AcousticOptions(voices: [AcousticVoice(name: "en-us", wordsPerMinute: 175), AcousticVoice(name: "en", wordsPerMinute: 180)],
                                  noiseDecibels: nil, seed: 7, valuesPerSlot: 3, jobs: 2)

    @Test func everyPhraseValueAndVoiceIsTried() {
        let trials = AcousticTrials.make(compiled(), options: options)
        #expect(trials.count == (3 + 1) * 2)
        #expect(Set(trials.compactMap(\.value)) == [.caseID("news"), .caseID("jazz"), .caseID("rock")])
        #expect(trials.allSatisfy { $0.words.suffix(1) == ["calm"] })
    }

    @Test func phrasesHeardRightGiveNoFindings() throws {
        let result = try AcousticCheck.run(compiled(), options: options, renderer: TextAsSamples(),
                                           makeHearer: { MishearingEar(confusions: [:]) })
        #expect(result.findings.isEmpty)
        #expect(result.right == result.trials)
        #expect(result.matrices.first?.accuracy(of: 0) == 1)
    }

    @Test func aMisheardWordIsReportedWithWhatWasHeardInstead() throws {
        let result = try AcousticCheck.run(compiled(), options: options, renderer: TextAsSamples(),
                                           makeHearer: { MishearingEar(confusions: ["pray": "play", "jazz": "jas"]) })
        let messages = result.findings.map(\.message)
        #expect(result.findings.count == 2)
        #expect(messages.contains { $0.contains("was heard as “play on calm”, which starts nothing") || $0.contains("was heard as “play with calm”, which starts nothing") })
        #expect(messages.contains { $0.contains("was heard as “play jas ") })
        #expect(result.findings.allSatisfy { $0.rule == "acoustic-confusion" && $0.severity == .warning })
        let matrix = try #require(result.matrices.first)
        #expect(matrix.labels == ["Play a station", "Start a prayer"])
        #expect(matrix.counts[1] == [0, 0, 2])
    }

    @Test func theResultDependsOnTheSeedOnlyNotOnTheJobs() throws {
        var one = options
        one.jobs = 1
        one.noiseDecibels = 10
        var three = one
        three.jobs = 3
        let ear: @Sendable () -> any SpeechHearing = { MishearingEar(confusions: [:]) }
        let a = try AcousticCheck.run(compiled(), options: one, renderer: TextAsSamples(), makeHearer: ear)
        let b = try AcousticCheck.run(compiled(), options: three, renderer: TextAsSamples(), makeHearer: ear)
        #expect(a.findings == b.findings && a.matrices == b.matrices)
    }

    @Test func noiseIsMixedAtTheAskedRatio() {
        let tone = (0..<16_000).map { Int16(8000 * sin(Double($0) * 0.05)) }
        var generator = SplitMix64(seed: 3)
        let noisy = WhiteNoise.mix(tone, snrDecibels: 10, using: &generator)
        let signal = tone.reduce(0.0) { $0 + Double($1) * Double($1) }
        var noise = 0.0
        for (mixed, clean) in zip(noisy, tone) {
            let difference = Double(mixed) - Double(clean)
            noise += difference * difference
        }
        let ratio = 10 * log10(signal / noise)
        #expect(abs(ratio - 10) < 0.3)
    }
}
