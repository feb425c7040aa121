import ParleyGrammar

/// What may be said at the current question, as phrases: the speech grammar of a question is
/// built from it (`AnswerGrammar`). Open answers (free text, durations, times, dates) have no
/// finite list; their questions fall back to open dictation.
public enum ExpectedAnswers {
    /// Ordinal answers for a list of `count` items.
    static func ordinals(_ count: Int) -> [String] {
        let words = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
        var phrases = ["the last one", "last one", "the last"]
        for (index, word) in words.prefix(min(count, words.count)).enumerated() {
            phrases += ["\(word)", "the \(word)", "the \(word) one", "number \(index + 1)", "option \(index + 1)"]
        }
        return phrases
    }

    /// Plain answers (normalized tokens) to `question`, global commands included; nil when the
    /// answer is open.
    public static func phrases(for question: Question) -> [[String]]? {
        var texts = GlobalCommand.allPhrases
        var tokens: [[String]] = []
        switch question.expected {
        case .choice(let choices):
            texts += ordinals(choices.count)
            for choice in choices {
                tokens += choice.forms
                // “the Lewis one”: each word of a name, alone or with “the … one”.
                for form in choice.forms {
                    for word in Set(form) where word.count > 2 { tokens += [[word], TextNormalizer.tokens("the \(word) one")] }
                }
            }
        case .integer(let min, let max):
            let range = SlotDomain.heardRange(min ?? 0, max ?? 100)
            tokens += range.map { [String($0)] }
        case .yesNo(let verbs):
            texts += ["yes", "yeah", "yep", "sure", "ok", "okay", "correct", "right", "that's right", "yes please", "go ahead",
                      "no", "nope", "nah", "no thanks", "no thank you", "not really"]
            for verb in verbs { tokens += [verb, verb + ["it"]] }
        case .decimal, .text, .duration, .time, .date:
            return nil
        }
        return texts.map(TextNormalizer.tokens) + tokens
    }
}

extension ConversationStateMachine {
    /// The speech grammar of the current question: its plain answers and the current intent's
    /// sentences; nil when no question is asked or the answer is open.
    public func answerGrammar() -> AnswerGrammar? {
        guard let question else { return nil }
        return ExpectedAnswers.grammar(of: question, compiled, app: context?.appIndex, intent: context?.intent.id)
    }
}

extension ExpectedAnswers {
    /// The speech grammar of `question` asked while resolving `intent` of app `app`: its plain
    /// answers and the intent's sentences (none when choosing a shortcut); nil when the answer is open.
    public static func grammar(of question: Question, _ compiled: CompiledTable, app: Int?, intent: String?) -> AnswerGrammar? {
        guard let phrases = phrases(for: question) else { return nil }
        let sentences = question.kind == .chooseShortcut ? [] : compiled.sentences.filter { $0.app == app && $0.intent == intent }
        return AnswerGrammar(compiled, answers: phrases, sentences: sentences, commands: Set(GlobalCommand.table.keys))
    }
}
