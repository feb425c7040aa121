import Foundation
import Testing
import ParleyDialogue
import ParleyProcess
import ParleySpeech

/// Single-word answers, spoken by eSpeak NG and decoded with their question's own grammar, that
/// are heard right and not doubted. With the trigram phone loop, the scale without an allowance
/// doubted each below the dialogue's not-understood level, so the question was asked again; the
/// bigram loop (`PhoneBigram`) leaves them a far smaller gap, and the allowance matters less.
@Suite struct ShortAnswerConfidenceTests {
    @Test(arguments: [("AddItem", "apple", "en-us", 150), ("AddItem", "egg", "en-us+f3", 210), ("OrderSoup", "chowder", "en-us", 210)])
    func shortAnswersHeardRightAreNotDoubted(_ intent: String, _ answer: String, _ voice: String, _ rate: Int) throws {
        let compiled = try Repository.compiled("phrases")
        let turns = try TurnRecognizer(compiled)
        let question = try #require(TableQuestion.all(compiled).first { $0.intent.id == intent && $0.question.kind == .value })
        let spoken = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/espeak-ng"),
                                          arguments: ["-v", voice, "-s", String(rate), "--stdout", answer])
        let audio = try AudioConverter.recognizerAudio(WAVCodec.decode(spoken.output)).padded(seconds: 0.3)
        let heard = try turns.recognize(audio, answers: question.grammar)
        let notUnderstood = DialogueOptions().veryLowConfidence
        #expect(heard.words == [answer])
        #expect(heard.confidence >= notUnderstood, "\(answer): \(heard.confidence)")
    }
}
