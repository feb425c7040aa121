import Testing
import ParleyGrammar
@testable import ParleySpeech

@Suite struct GrammarBuilderTests {
    @Test func topLevelGrammarAcceptsEveryShippedSampleAndTheGlobalCommands() throws {
        let compiled = try ShippedTables.compiled()
        let grammar = GrammarBuilder.topLevel(compiled)
        let samples = ShortcutSamples.of(compiled, expansionsPerPhrase: 8, valuesPerSlot: 100)
        #expect(samples.count > 100)
        for sample in samples { #expect(grammar.accepts(sample.words), "\(sample.text)") }
        for command in GrammarBuilder.globalCommands { #expect(grammar.accepts(TextNormalizer.tokens(command)), "\(command)") }
        #expect(!grammar.accepts(["order", "soup"]))
        #expect(!grammar.accepts(TextNormalizer.tokens("please turn off the lights")))
        #expect(!grammar.accepts([]))
    }

    /// The shipped tables' top-level grammar, their matcher and one shortcut sample.
    static func topLevelWithASample() throws -> (SpeechGrammar, PhraseMatcher, ShortcutSample) {
        let compiled = try ShippedTables.compiled()
        let sample = try #require(ShortcutSamples.of(compiled, expansionsPerPhrase: 1, valuesPerSlot: 1).first)
        return (GrammarBuilder.topLevel(compiled), PhraseMatcher(compiled), sample)
    }

    /// The politeness words the matcher drops from the end of a typed command may end a spoken one.
    @Test func politenessAfterACommandIsInTheTopLevelGrammar() throws {
        let (grammar, matcher, sample) = try Self.topLevelWithASample()
        #expect(Set(GrammarBuilder.spokenEndings).isSubset(of: PhraseMatcher.trailingFillerPhrases))
        for after in GrammarBuilder.spokenEndings {
            let words = sample.words + TextNormalizer.tokens(after)
            #expect(grammar.accepts(words), "\(words)")
            #expect(matcher.match(tokens: words).first?.shortcut == matcher.match(tokens: sample.words).first?.shortcut, "\(words)")
        }
        #expect(grammar.accepts(TextNormalizer.tokens("no thank you")))
        #expect(!grammar.accepts(sample.words + ["thanks", "thanks"]))
        #expect(!grammar.accepts(["thanks"]) && !grammar.accepts(["please"] + sample.words))
    }

    /// The politeness the matcher drops from the start of a typed command is the top-level
    /// grammar's fallback openings: not in the grammar itself, but required in front of every
    /// sentence of its opened copy.
    @Test func politenessBeforeACommandOpensTheTopLevelGrammar() throws {
        let (grammar, matcher, sample) = try Self.topLevelWithASample()
        #expect(Set(GrammarBuilder.spokenOpenings).isSubset(of: PhraseMatcher.leadingFillerPhrases))
        #expect(grammar.fallbackOpenings == GrammarBuilder.spokenOpenings.map(TextNormalizer.tokens))
        let opened = grammar.opened(by: grammar.fallbackOpenings)
        #expect(opened.fallbackOpenings.isEmpty && opened.branchWeight == grammar.branchWeight)
        for before in GrammarBuilder.spokenOpenings {
            let words = TextNormalizer.tokens(before) + sample.words
            #expect(!grammar.accepts(words) && opened.accepts(words), "\(words)")
            #expect(opened.accepts(words + ["thanks"]), "\(words)")
            #expect(matcher.match(tokens: words).first?.shortcut == matcher.match(tokens: sample.words).first?.shortcut, "\(words)")
        }
        #expect(!opened.accepts(sample.words) && !opened.accepts(["please"]) && !opened.accepts(["please", "please"] + sample.words))
        #expect(opened.accepts(["could", "you", "repeat"]))
        #expect(GrammarBuilder.phrases([["yes"]]).fallbackOpenings.isEmpty)
        #expect(grammar.fsgText(name: "top").hasPrefix("# fallback openings under 0.9: please | can you | could you"))
        #expect(Set(["could", "you"]).isSubset(of: grammar.wordsWithOpenings) && !grammar.words.contains("could"))
    }

    @Test func phraseGrammarsWeighTheirBranchesLessThanAnswerLists() throws {
        let compiled = try ShippedTables.compiled()
        let sentences = compiled.sentences.filter { $0.intent == "OrderSoup" }
        #expect(!sentences.isEmpty)
        let answers = [["tomato", "soup"], ["cancel"]]
        let withSentences = TurnRecognizer.grammar(of: AnswerGrammar(compiled, answers: answers, sentences: sentences))
        let plain = TurnRecognizer.grammar(of: AnswerGrammar(compiled, answers: answers))
        #expect(withSentences.branchWeight == GrammarBuilder.sentenceBranchWeight)
        #expect(GrammarBuilder.topLevel(compiled).branchWeight == GrammarBuilder.topLevelBranchWeight)
        #expect(plain.branchWeight == nil)
        // Registered grammars are told apart by their text: the weight is part of it.
        #expect(withSentences.fsgText(name: "a").contains("\n# branch weight 1.0\nFSG_BEGIN a\n"))
        #expect(plain.fsgText(name: "a").contains("\nFSG_BEGIN a\n") && !plain.fsgText(name: "a").contains("# branch weight"))
        // Both with the answer openings, tried under their own level.
        #expect(plain.fallbackOpenings == GrammarBuilder.answerOpenings.map(TextNormalizer.tokens))
        #expect(plain.openingsBelow == GrammarBuilder.answerOpeningsBelow && withSentences.openingsBelow == GrammarBuilder.answerOpeningsBelow)
        #expect(GrammarBuilder.topLevel(compiled).openingsBelow == 0.9)
    }

    /// After “I'd like” comes an answer or a sentence, never a command: with the commands, the
    /// opened search heard “carry out” as “give me help” and “deliver” as “give me what”.
    @Test func theOpenedAnswerGrammarLeavesTheCommandsOut() throws {
        let compiled = try ShippedTables.compiled()
        let sentences = compiled.sentences.filter { $0.intent == "OrderSoup" }
        let commands: Set<[String]> = [["help"], ["cancel"], ["what"]]
        let answers = AnswerGrammar(compiled, answers: [["pickup"], ["carry", "out"], ["help"], ["cancel"], ["what"]],
                                    sentences: sentences, commands: commands)
        let grammar = TurnRecognizer.grammar(of: answers)
        let opened = grammar.opened(by: grammar.fallbackOpenings)
        #expect(grammar.accepts(["help"]) && grammar.accepts(["pickup"]) && !grammar.accepts(TextNormalizer.tokens("give me pickup")))
        for opening in GrammarBuilder.answerOpenings {
            for answer in ["pickup", "carry out", "2 clam chowder"] {
                #expect(opened.accepts(TextNormalizer.tokens(opening + " " + answer)), "\(opening) \(answer)")
            }
            for command in ["help", "cancel", "what"] {
                #expect(!opened.accepts(TextNormalizer.tokens(opening + " " + command)), "\(opening) \(command)")
            }
        }
        #expect(!opened.accepts(["pickup"]) && !opened.words.contains("help") && !opened.words.contains("cancel"))
        #expect(opened.branchWeight == grammar.branchWeight && opened.fallbackOpenings.isEmpty)
        // Without commands named, the opened grammar is the grammar's own copy.
        let unnamed = AnswerGrammar(compiled, answers: [["pickup"], ["help"]])
        let plain = TurnRecognizer.grammar(of: unnamed)
        let copy = plain.opened(by: plain.fallbackOpenings)
        #expect(copy.accepts(TextNormalizer.tokens("give me help")))
    }

    /// The openings lead into `afterOpenings` at its own start, whatever state numbers the
    /// grammar itself uses.
    @Test func openingsLeadIntoTheGrammarAfterThem() {
        var grammar = GrammarBuilder.phrases([["help"], ["pickup"]])
        var after = SpeechGrammar(stateCount: 3, start: 2, final: 1)
        after.addArc(from: 2, to: 1, word: "pickup")
        grammar.afterOpenings = after
        let opened = grammar.opened(by: [["give", "me"]])
        #expect(opened.accepts(["give", "me", "pickup"]))
        #expect(!opened.accepts(["pickup"]) && !opened.accepts(["give", "me", "help"]) && opened.afterOpenings == nil)
    }

    @Test func minimizationMergesSlotForks() throws {
        let compiled = try ShippedTables.compiled()
        let grammar = GrammarBuilder.topLevel(compiled)
        // Every slot value forks the automaton; the speech grammar merges the forks again.
        #expect(grammar.stateCount < compiled.automaton.stateCount)
    }

    @Test func phraseListsSharePrefixes() {
        let grammar = GrammarBuilder.phrases([["say", "that", "again"], ["say", "it"], ["stop"]])
        #expect(grammar.accepts(["say", "it"]) && grammar.accepts(["say", "that", "again"]) && grammar.accepts(["stop"]))
        #expect(!grammar.accepts(["say"]))
        #expect(grammar.arcs.filter { $0.word == "say" }.count == 1)
    }

    @Test func fsgTextListsEveryArc() {
        let grammar = GrammarBuilder.phrases([["yes"], ["no"]])
        let text = grammar.fsgText(name: "answers")
        #expect(text.hasPrefix("FSG_BEGIN answers\nNUM_STATES \(grammar.stateCount)\n"))
        #expect(text.contains(" yes\n") && text.contains(" no\n") && text.hasSuffix("FSG_END\n"))
    }
}
