import Foundation
import ParleyDialogue
import ParleyGrammar
import ParleyTable

/// Runs conversations over text turns: feeds the state machine, performs its handler calls
/// through each app's handler process (one process per conversation), and collects events.
public struct ConversationDriver {
    public private(set) var machine: ConversationStateMachine
    private var handler: HandlerProcess?
    private let handlerTimeout: Duration

    public init(compiled: CompiledTable, options: DialogueOptions = DialogueOptions(), handlerTimeout: Duration = .seconds(5)) {
        machine = ConversationStateMachine(compiled: compiled, options: options)
        self.handlerTimeout = handlerTimeout
    }

    /// One person's turn: a line of text, or an empty line for silence.
    public mutating func turn(_ text: String, confidence: Double? = nil) -> [ConversationEvent] {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let actions = trimmed.isEmpty ? machine.silence() : machine.heard(trimmed, confidence: confidence)
        return perform(actions)
    }

    /// Ends the conversation at once (a timeout, an eviction, shutdown): the handler, if
    /// running, is stopped, and the next turn starts a new conversation.
    public mutating func end() {
        handler?.stop()
        handler = nil
        machine = ConversationStateMachine(compiled: machine.compiled, options: machine.options)
    }

    /// Performs actions until the machine waits for the person (or the conversation ends).
    mutating func perform(_ first: [DialogueAction]) -> [ConversationEvent] {
        var events: [ConversationEvent] = []
        var queue = first
        while !queue.isEmpty {
            let action = queue.removeFirst()
            switch action {
            case .emit(let event): events.append(event)
            case .listen: break
            case .finish:
                handler?.stop()
                handler = nil
            case .callHandler(let request):
                queue = callHandler(request) + queue
            }
        }
        return events
    }

    private mutating func callHandler(_ request: HandlerRequest) -> [DialogueAction] {
        guard let app = machine.currentApp, let argv = app.handler?.value else {
            return machine.handlerFailed(HandlerFailure.couldNotStart("no handler").reason)
        }
        do throws(HandlerFailure) {
            if handler == nil { handler = try HandlerProcess(argv: argv, timeout: handlerTimeout) }
            guard let handler else { throw .couldNotStart("no handler") }
            let (id, line) = try handler.send(request)
            let parameter = request.parameter.flatMap { name in app.intent(withID: request.intent)?.parameter(named: name) }
            do {
                let reply = try HandlerReply.decode(line, for: request, id: id, parameter: parameter, app: app)
                return machine.handlerAnswered(reply)
            } catch {
                throw HandlerFailure.garbage(error.description)
            }
        } catch {
            handler?.stop()
            handler = nil
            return machine.handlerFailed(error.reason)
        }
    }
}
