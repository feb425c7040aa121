import ParleyDialogue
import ParleyGrammar
import ParleyRuntime
import ParleyTable
import Testing

@Suite("Each question's grammar: what may be said there")
struct AnswerGrammarTests {
    let compiled = PhraseCompiler.compile(try! PhraseTableLoader.load(paths: [packageRoot.appendingPathComponent("phrases").path]).table)

    @Test func aListQuestionHearsNamesOrdinalsPartsSentencesAndCommands() throws {
        // Soup Chef has a handler: the driver runs it until the soup question is asked.
        var driver = ConversationDriver(compiled: compiled)
        _ = driver.turn("get take out from soup chef")
        guard let grammar = driver.machine.answerGrammar() else {
            Issue.record("no grammar at the soup question")
            return
        }
        for answer in ["chowder", "tomato soup", "the second one", "number 3", "the last one", "cancel", "what can I say",
                       "say that again", "2 chicken noodle soup", "3 bowls of tomato soup", "the chicken one"] {
            let heard = grammar.accepts(TextNormalizer.tokens(answer))
            #expect(heard, "“\(answer)”")
        }
        for other in ["order soup with soup chef", "pizza", "the tenth one", "yes"] {
            let heard = grammar.accepts(TextNormalizer.tokens(other))
            #expect(!heard, "“\(other)”")
        }
    }

    @Test func aConfirmationHearsYesNoAndTheIntentsVerb() throws {
        var machine = ConversationStateMachine(compiled: PhraseCompiler.compile(try PhraseTableLoader.load(
            paths: [goldenFolder.appendingPathComponent("tables/kitchen").path]).table))
        _ = machine.heard("set timer with kitchen helper")
        #expect(machine.answerGrammar() == nil)  // a duration: open, dictation
        _ = machine.heard("ten minutes")
        guard let grammar = machine.answerGrammar() else {
            Issue.record("no grammar at the confirmation")
            return
        }
        for answer in ["yes", "no thanks", "set", "set it", "never mind"] { #expect(grammar.accepts(TextNormalizer.tokens(answer)), "“\(answer)”") }
        #expect(!grammar.accepts(["maybe"]))
    }

    @Test func aNumberQuestionHearsTheRangeAndALittleBeyond() throws {
        var machine = ConversationStateMachine(compiled: PhraseCompiler.compile(try PhraseTableLoader.load(
            paths: [goldenFolder.appendingPathComponent("tables/kitchen").path]).table))
        _ = machine.heard("plan stew with kitchen helper")
        guard let grammar = machine.answerGrammar() else {
            Issue.record("no grammar at the number question")
            return
        }
        #expect(grammar.accepts(["6"]) && grammar.accepts(["20"]) && grammar.accepts(["0"]))
        #expect(!grammar.accepts(["500"]))
    }
}
