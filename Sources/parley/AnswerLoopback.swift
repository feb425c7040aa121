import ParleyDialogue
import ParleyGrammar
import ParleySpeech

/// The follow-up half of the eSpeak NG loopback: every answer to every question the tables
/// define (`TableQuestion`), decoded with that question's own grammar. Right means the dialogue
/// reads the words as the value (or command) that was said, with a confidence it understands
/// (`DialogueOptions.understands`).
struct AnswerLoopback {
    let questions: [TableQuestion]
    /// Selects each question's grammar, registering each distinct one once.
    private let turns: TurnRecognizer
    private let options = DialogueOptions()

    /// Registers every question's grammar on `recognizer`.
    init(_ compiled: CompiledTable, recognizer: Recognizer) throws {
        questions = TableQuestion.all(compiled)
        turns = try TurnRecognizer(compiled, on: recognizer)
        for question in questions { try turns.select(question.grammar) }
    }

    /// Answers spoken per voice.
    var answerCount: Int { questions.reduce(0) { $0 + $1.answers.count } }
    /// Distinct answer grammars.
    var grammarCount: Int { turns.answerGrammarCount }

    /// Speaks every answer with `synthesizer`, decodes it clean and with white noise at `snr` dB,
    /// and counts the right ones; misses are printed when `verbose`. With an `opening` (“i'd
    /// like”) every value chosen from a list or a range is said after it, as a speaker who chooses
    /// politely says it (not yes or no).
    func run(_ synthesizer: SpeechSynthesizer, mixer: inout NoiseMixer, snr: Double,
             opening: String? = nil, verbose: Bool, label: String,
             noteGap: (String, Recognition) -> Void = { _, _ in },
             noteResult: (_ said: String, _ heard: Recognition, _ noisy: Bool, _ right: Bool, _ meant: Bool) -> Void = { _, _, _, _, _ in }) throws -> (clean: Int, noisy: Int, total: Int) {
        var spoken: [String: PCMAudio] = [:]
        var clean = 0, noisy = 0, total = 0
        for question in questions {
            try turns.select(question.grammar)
            for answer in question.answers {
                let isValue = if case .value = answer.meaning { true } else { false }
                let chosen = if case .value(.boolean) = answer.meaning { false } else { isValue }
                let said = if let opening, chosen { opening + " " + answer.text } else { answer.text }
                let audio = try spoken[said] ?? AudioConverter.recognizerAudio(synthesizer.synthesize(said)).padded(seconds: 0.3)
                spoken[said] = audio
                total += 1
                for (pass, input) in [(0, audio), (1, mixer.mix(audio, snrDecibels: snr))] {
                    let heard = try turns.recognizer.recognize(input)
                    let meant = question.meaning(of: heard.words) == answer.meaning
                    noteGap("answer-" + (meant ? "right" : "wrong") + (pass == 1 ? "-noisy" : ""), heard)
                    let right = meant && options.understands(heard.confidence, isValue: isValue, at: question.question)
                    noteResult(said, heard, pass == 1, right, meant)
                    if right {
                        if pass == 0 { clean += 1 } else { noisy += 1 }
                    } else if verbose {
                        print("  answer miss [\(label)\(pass == 1 ? " noisy" : "")] \(question.intent.id)/\(question.question.kind.rawValue)"
                            + " “\(said)” → “\(heard.text)” " + String(format: "conf %.2f", heard.confidence))
                    }
                }
            }
        }
        return (clean, noisy, total)
    }
}
