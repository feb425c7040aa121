import ParleyDialogue
import ParleyGrammar
import ParleyTable
import Testing

@Suite("The follow-up questions a table defines, and their answers")
struct TableQuestionTests {
    let compiled = PhraseCompiler.compile(try! PhraseTableLoader.load(paths: [packageRoot.appendingPathComponent("phrases").path]).table)

    @Test func everyAnswerIsInItsGrammarAndMeansWhatWasSaid() {
        let questions = TableQuestion.all(compiled)
        #expect(!questions.isEmpty)
        for question in questions {
            for answer in question.answers {
                let tokens = TextNormalizer.tokens(answer.text)
                #expect(question.grammar.accepts(tokens), "\(question.intent.id): “\(answer.text)” not in the grammar")
                #expect(question.meaning(of: tokens) == answer.meaning, "\(question.intent.id): “\(answer.text)”")
            }
        }
    }

    @Test func listsComeFromTheTableAndConfirmationsTakeTheVerb() throws {
        let questions = TableQuestion.all(compiled)
        let folder = try #require(questions.first { $0.intent.id == "RecordMemo" && $0.question.parameter == "folder" })
        #expect(folder.answers.map(\.text).filter { !$0.contains(" ") }.sorted()
            == ["cancel", "help", "idea", "ideas", "more", "office", "personal", "private", "repeat", "work"])
        #expect(folder.meaning(of: ["office"]) == .value(.caseID("work")))
        #expect(folder.meaning(of: ["the", "second", "one"]) == .value(.caseID("work")))
        #expect(folder.meaning(of: ["what", "can", "i", "say"]) == .command(.help))
        #expect(folder.meaning(of: ["pizza"]) == nil)
        let quantity = try #require(questions.first { $0.intent.id == "OrderSoup" && $0.question.parameter == "quantity" })
        #expect(quantity.answers.compactMap { Int($0.text) } == [1, 5, 10])
        #expect(!questions.contains { $0.question.parameter == "store" })  // the handler's list: not known before
        let confirm = try #require(questions.first { $0.intent.id == "OrderSoup" && $0.question.kind == .confirmIntent })
        #expect(confirm.meaning(of: ["order", "it"]) == .value(.boolean(true)))
        #expect(confirm.meaning(of: ["no", "thanks"]) == .value(.boolean(false)))
    }

    @Test func openAnswersAreLeftOut() {
        for question in TableQuestion.all(compiled) {
            switch question.question.expected {
            case .text, .duration, .time, .date, .decimal: Issue.record("\(question.intent.id): an open question was listed")
            default: break
            }
        }
    }
}
