import ParleyGrammar
import ParleyTable

/// A follow-up question the phrase table alone defines, with its speech grammar and the answers
/// people give to it: what the speech benchmark speaks. Lists a handler gives at run time, and
/// open answers (text, durations, times, dates, decimals), are not known before a conversation
/// and are left out.
public struct TableQuestion: Sendable {
    /// One way to answer, and what it means.
    public struct Answer: Sendable {
        public var text: String
        public var meaning: Meaning
    }

    /// What an answer means: a value, or a command that is the same at every question.
    public enum Meaning: Hashable, Sendable {
        case value(ParameterValue)
        case command(GlobalCommand)
    }

    public var app: Int
    public var intent: Intent
    public var question: Question
    /// The question's speech grammar, as the dialogue builds it.
    public var grammar: AnswerGrammar

    /// Every answer to say: each title and synonym of a list; yes, no and the intent's verb;
    /// the lowest, a middle and the highest number; and the first phrase of each global command.
    public var answers: [Answer] {
        var answers: [Answer] = []
        switch question.expected {
        case .choice(let choices):
            for choice in choices {
                answers += choice.forms.map { Answer(text: $0.joined(separator: " "), meaning: .value(choice.value)) }
            }
        case .yesNo(let verbs):
            answers += [Answer(text: "yes", meaning: .value(.boolean(true))), Answer(text: "no", meaning: .value(.boolean(false)))]
            answers += verbs.map { Answer(text: $0.joined(separator: " "), meaning: .value(.boolean(true))) }
        case .integer(let low, let high):
            let range = (low ?? 0)...(high ?? 100)
            answers += Set([range.lowerBound, (range.lowerBound + range.upperBound) / 2, range.upperBound]).sorted()
                .map { Answer(text: String($0), meaning: .value(.integer($0))) }
        case .decimal, .text, .duration, .time, .date:
            break
        }
        for (command, texts) in GlobalCommand.phrases { answers.append(Answer(text: texts[0], meaning: .command(command))) }
        return answers
    }

    /// What `tokens` (normalized words heard) mean at this question, as the dialogue reads them;
    /// nil for what it would not understand.
    public func meaning(of tokens: [String]) -> Meaning? {
        if let command = GlobalCommand.detect(tokens) { return .command(command) }
        return AnswerInterpreter.listedValue(tokens, expected: question.expected).map { .value($0) }
    }

    /// The questions of every intent of `compiled`: each parameter's value question when its
    /// answers are a list the table knows, yes or no, or a number range; the confirmation of a
    /// value; and the intent's own confirmation when it has one.
    public static func all(_ compiled: CompiledTable) -> [TableQuestion] {
        var questions: [TableQuestion] = []
        for (index, app) in compiled.table.apps.enumerated() {
            for intent in app.intents {
                let context = ResolveContext(app: app, appIndex: index, intent: intent)
                var asked = intent.parameters.map { parameter in
                    Question(kind: .value, parameter: parameter.name, prompt: "", expected: context.expectedAnswer(parameter))
                }
                if let first = intent.parameters.first {
                    asked.append(Question(kind: .confirmValue, parameter: first.name, prompt: "", expected: .yesNo(verbs: [])))
                }
                if intent.confirmation != nil {
                    asked.append(Question(kind: .confirmIntent, parameter: nil, prompt: "",
                                          expected: .yesNo(verbs: ConversationStateMachine.intentVerbs(intent))))
                }
                for question in asked {
                    guard let grammar = ExpectedAnswers.grammar(of: question, compiled, app: index, intent: intent.id) else { continue }
                    questions.append(TableQuestion(app: index, intent: intent, question: question, grammar: grammar))
                }
            }
        }
        return questions
    }
}
