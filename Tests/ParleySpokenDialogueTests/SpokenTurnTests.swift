import Foundation
import ParleyGrammar
import ParleyProcess
import ParleyRuntime
import ParleySpeech
import ParleySpokenDialogue
import Testing

@testable import ParleyDialogue

/// Spoken turns through the real engines: eSpeak NG says, PocketSphinx hears with the grammar
/// of the question being asked. Audio is made at test time, never committed.
@Suite(.serialized) struct SpokenTurnTests {
    static let voice = SpeechSynthesizer(voice: "en-us+m3", wordsPerMinute: 160)

    static func audio(_ text: String) throws -> PCMAudio {
        try AudioConverter.recognizerAudio(voice.synthesize(text))
    }

    @Test func aShortcutThenAnAnswerBySpeech() throws {
        let compiled = try Repository.compiled("phrases")
        let listener = try TurnRecognizer(compiled)
        var driver = ConversationDriver(compiled: compiled)

        let opening = try driver.turn(audio: Self.audio("order soup with soup chef"), listener: listener)
        #expect(opening.grammar == TurnRecognizer.topLevelGrammar)
        // “Soup Chef” has the spoken form “Soupchef” too: either is the app.
        #expect(["order soup with soup chef", "order soup with soupchef"].contains(opening.heard.text))
        #expect(opening.events.map(\.name) == ["recognized", "ask"])
        guard case .ask(_, let parameter, _, _, _)? = opening.events.last else { return }
        #expect(parameter == "soup")

        let answer = try driver.turn(audio: Self.audio("clam chowder"), listener: listener)
        #expect(answer.grammar == "answer-1")
        #expect(answer.heard.text == "clam chowder")
        guard case .ask(_, let next, _, _, _)? = answer.events.last else {
            Issue.record("expected the next question, got \(answer.events.map(\.json))")
            return
        }
        #expect(next == "store")
        driver.end()
    }

    /// Every answer opening is one the dialogue drops from a typed answer, every answer
    /// grammar has them as its fallback, and what is searched after them leaves out the
    /// dialogue's global commands.
    @Test func answerOpeningsAreTheDialoguesLeadingWords() throws {
        let leading = Set(AnswerInterpreter.leadingPoliteness)
        for opening in GrammarBuilder.answerOpenings { #expect(leading.contains(TextNormalizer.tokens(opening)), "\(opening)") }
        let compiled = try Repository.compiled("phrases")
        var driver = ConversationDriver(compiled: compiled)
        _ = driver.turn("order soup with soup chef")
        let answers = try #require(driver.machine.answerGrammar())
        let grammar = TurnRecognizer.grammar(of: answers)
        #expect(grammar.fallbackOpenings == GrammarBuilder.answerOpenings.map(TextNormalizer.tokens))
        let opened = grammar.opened(by: grammar.fallbackOpenings)
        #expect(opened.accepts(TextNormalizer.tokens("i'd like clam chowder")))
        for command in GlobalCommand.allPhrases {
            #expect(grammar.accepts(TextNormalizer.tokens(command)) && !opened.accepts(TextNormalizer.tokens("give me " + command)), "\(command)")
        }
        driver.end()
    }

    /// An answer said after “I'd like” or “give me” is heard with the answer grammar's fallback
    /// openings and read as the value: the grammar alone has no words for the opening. Said by the
    /// espeak-ng command, so the audio does not depend on what this process synthesized before (in
    /// one full run the in-process voice said “give me pickup” so that it came out “the pickup 1”).
    @Test(arguments: ["i'd like delivery", "give me pickup"])
    func anAnswerAfterAnOpening(_ said: String) throws {
        let compiled = try Repository.compiled("phrases")
        let listener = try TurnRecognizer(compiled)
        var driver = ConversationDriver(compiled: compiled)
        _ = driver.turn("check out with grocery cart")
        #expect(driver.machine.question?.parameter == "fulfillment")
        let spoken = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/espeak-ng"), arguments: ["-v", "en-us+m3", "-s", "160", "--stdout", said])
        let answer = try driver.turn(audio: AudioConverter.recognizerAudio(WAVCodec.decode(spoken.output)), listener: listener)
        #expect(answer.heard.text == TextNormalizer.tokens(said).joined(separator: " "), "\(answer.heard.text) \(answer.heard.confidence)")
        #expect(driver.machine.question?.parameter != "fulfillment", "\(answer.events.map(\.json))")
        driver.end()
    }

    /// “Where should we deliver it?” has no list of answers: the address is dictated with the
    /// large language model, its numbers as digits, and the handler takes it.
    @Test func anOpenAnswerIsDictated() throws {
        let compiled = try Repository.compiled("phrases")
        let listener = try TurnRecognizer(compiled)
        var driver = ConversationDriver(compiled: compiled)
        _ = driver.turn("order delivery from soup chef")
        _ = driver.turn("tomato soup")
        #expect(driver.machine.question?.parameter == "address")
        // Said by the espeak-ng command: the same audio whatever else this process synthesized.
        let spoken = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/espeak-ng"), arguments: ["-v", "en-us", "--stdout", "thirty four main street"])
        let address = try driver.turn(audio: AudioConverter.recognizerAudio(WAVCodec.decode(spoken.output)), listener: listener)
        #expect(address.grammar == Recognizer.dictation)
        // The number as digits is what matters (eSpeak NG's “main street” comes out as “when st”).
        #expect(address.heard.text.hasPrefix("34 "), "\(address.heard.text)")
        #expect(address.events.last?.json.contains("Ready to order") == true, "\(address.events.map(\.json))")
        driver.end()
    }

    @Test func theSameQuestionReusesItsGrammar() throws {
        let compiled = try Repository.compiled("phrases")
        let listener = try TurnRecognizer(compiled)
        let answer = try Self.audio("tomato soup")
        var names: [String] = []
        for _ in 0..<2 {
            var driver = ConversationDriver(compiled: compiled)
            _ = driver.turn("order soup with soup chef")
            names.append(try driver.turn(audio: answer, listener: listener).grammar)
            driver.end()
        }
        #expect(names == ["answer-1", "answer-1"])
        #expect(listener.answerGrammarCount == 1)
        #expect(listener.recognizer.grammarNames == ["answer-1", "top"])
    }

    /// A second of digital silence at the yes/no question is silence: a wide search used to fit
    /// “no” to its first 60 ms (the shortest path the model allows) at confidence 0.40, and the
    /// order was cancelled.
    @Test func silenceAtAYesNoQuestionIsNotNo() throws {
        let compiled = try Repository.compiled("phrases")
        let listener = try TurnRecognizer(compiled)
        var driver = ConversationDriver(compiled: compiled)
        for said in ["order soup with soup chef", "chowder", "the second one"] { _ = driver.turn(said) }
        let quiet = PCMAudio(samples: [Int16](repeating: 0, count: 16000), sampleRate: 16000)
        let turn = try driver.turn(audio: quiet, listener: listener)
        #expect(turn.heard.text.isEmpty, "heard “\(turn.heard.text)” at \(turn.heard.confidence)")
        guard case .ask(let kind, _, _, let reason, _)? = turn.events.last else {
            Issue.record("expected the question again, got \(turn.events.map(\.json))")
            return
        }
        #expect(kind == .confirmIntent)
        #expect(reason == .silence)
        driver.end()
    }

    @Test func nothingHeardIsSilence() throws {
        let compiled = try Repository.compiled("phrases")
        let listener = try TurnRecognizer(compiled)
        var driver = ConversationDriver(compiled: compiled)
        _ = driver.turn("order soup with soup chef")
        let quiet = PCMAudio(samples: [Int16](repeating: 0, count: 16000), sampleRate: 16000)
        let turn = try driver.turn(audio: quiet, listener: listener)
        #expect(turn.heard.text.isEmpty)
        guard case .ask(_, _, _, let reason, _)? = turn.events.last else {
            Issue.record("expected the question again, got \(turn.events.map(\.json))")
            return
        }
        #expect(reason == .silence)
        driver.end()
    }
}
