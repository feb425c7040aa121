import ParleyDialogue
import ParleyGrammar
import ParleyRuntime
import ParleySpeech

/// One spoken turn: what the recognizer heard and the events the dialogue answered with.
public struct SpokenTurn: Sendable {
    /// The recognizer's words and confidence.
    public var recognition: Recognition
    /// The grammar the audio was decoded with (`top`, `answer-N`, or `_dictation` for an open answer).
    public var grammar: String
    /// The dialogue's events for this turn.
    public var events: [ConversationEvent]

    /// What was heard, as the events' `heard` field shows it.
    public var heard: HeardUtterance {
        HeardUtterance(text: recognition.text, confidence: recognition.confidence)
    }
}

extension ConversationDriver {
    /// A spoken turn, as `parley converse` takes `@file.wav` lines and the coffee benchmark
    /// takes its recordings: 16 kHz mono `audio` is decoded with the grammar of what is
    /// listened for — the top level when no conversation is running, the current question's
    /// `AnswerGrammar` when one is asked, the large language model when the answer is open
    /// (free text, a time, a date: `TurnRecognizer.recognizeOpenAnswer`) — and the words go to
    /// the dialogue with the recognizer's confidence, so low confidence takes the dialogue's own
    /// paths (below `veryLowConfidence` not understood, below `lowConfidence` confirmed). Nothing
    /// heard counts as silence, as in parleyd.
    public mutating func turn(audio: PCMAudio, listener: TurnRecognizer) throws -> SpokenTurn {
        let answers = machine.answerGrammar()
        let grammar: String, recognition: Recognition
        if machine.question != nil, answers == nil {
            recognition = try listener.recognizeOpenAnswer(audio)
            grammar = listener.openAnswerGrammar
        } else {
            grammar = try listener.select(answers)
            recognition = try listener.recognizer.recognize(audio)
        }
        let events = recognition.isEmpty ? turn("") : turn(recognition.text, confidence: recognition.confidence)
        return SpokenTurn(recognition: recognition, grammar: grammar, events: events)
    }
}
