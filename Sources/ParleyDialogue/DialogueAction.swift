/// What the shell around a conversation must do next, in order.
public enum DialogueAction: Sendable, Equatable {
    /// Report an event and speak its text.
    case emit(ConversationEvent)
    /// Listen for an answer to this question (its expected answers give the speech grammar).
    case listen(QuestionKind, parameter: String?)
    /// Send this request to the app's handler and feed the reply to `handlerAnswered(_:)`.
    case callHandler(HandlerRequest)
    /// The conversation is over; the next utterance starts a new one.
    case finish
}
