import Logging
import NIOConcurrencyHelpers
import NIOPosix
import ParleyDialogue
import ParleyGrammar

/// What one turn of a conversation produced.
public struct TurnOutcome: Sendable {
    /// The conversation the turn belongs to.
    public var conversationID: String
    /// The events, in order (`conversation.md`).
    public var events: [ConversationEvent]
    /// The question the conversation now waits for; nil when it ended.
    public var question: Question?
    /// The turn's number in its conversation, from 1.
    public var turn: Int
    /// How long the turn took (matching, resolving, handler calls).
    public var duration: Duration

    /// What Parley says: the spoken text of the events, joined.
    public var spokenText: String { events.compactMap(\.text).joined(separator: " ") }

    /// Whether the utterance started or continued a conversation (false: nothing matched).
    public var understood: Bool { !events.contains { if case .notRecognized = $0 { true } else { false } } }

    /// Whether an answer is expected (a follow-up question was asked).
    public var expectsAnswer: Bool { question != nil }

    /// The intent recognized in this turn, if any.
    public var intent: String? {
        for event in events { if case .recognized(_, let intent, _, _) = event { return intent } }
        return nil
    }
}

/// Every conversation going on, by id. Each turn runs on a thread of the dialogue pool under
/// its conversation's lock: turns of one conversation are serialized, conversations run side
/// by side and never share state. A conversation that ends is dropped (the next utterance with
/// its id starts afresh, on the current tables); idle ones expire; when full, the least
/// recently used idle one makes room.
public final class ConversationStore: @unchecked Sendable {
    private let library: PhraseLibrary
    private let pool: NIOThreadPool
    private let handlerTimeout: Duration
    private let capacity: Int
    private let logger: Logger
    private let lock = NIOLock()
    private var sessions: [String: DialogueSession] = [:]

    /// A store starting conversations from `library`, running turns on `pool`.
    public init(library: PhraseLibrary, pool: NIOThreadPool, handlerTimeout: Duration, capacity: Int, logger: Logger) {
        self.library = library
        self.pool = pool
        self.handlerTimeout = handlerTimeout
        self.capacity = max(1, capacity)
        self.logger = logger
    }

    /// Conversations kept now.
    public var count: Int { lock.withLock { sessions.count } }

    /// Whether `id` is waiting for an answer.
    public func question(of id: String) -> Question? { lock.withLock { sessions[id] }?.question }

    /// What conversation `id`'s next utterance is listened for: its question on its tables, or
    /// the top level of the current tables when it has none.
    public func listening(for id: String) -> ListeningContext {
        if let session = lock.withLock({ sessions[id] }) { return session.listening }
        let snapshot = library.current
        return ListeningContext(compiled: snapshot.compiled, generation: snapshot.generation, question: nil)
    }

    /// One turn of conversation `id`: `text` heard (empty: silence) with `confidence`; logged
    /// to `logger` (default: the store's) with its conversation, intent, events and time.
    public func turn(_ id: String, text: String, confidence: Double? = nil, logger: Logger? = nil) async throws -> TurnOutcome {
        let clock = ContinuousClock()
        let start = clock.now
        let session = checkOut(id, now: start)
        let result = try await pool.runIfActive { session.turn(text, confidence: confidence) }
        if result.ended { drop(id, session: session) }
        let outcome = TurnOutcome(conversationID: id, events: result.events, question: result.question, turn: result.turn,
                                  duration: clock.now - start)
        var metadata: Logger.Metadata = [
            "session.id": "\(id)", "conversation.turn": "\(outcome.turn)",
            "dialogue.events": "\(outcome.events.map(\.name).joined(separator: ","))",
            "conversation.expects_answer": "\(outcome.expectsAnswer)",
            "timing.turn_ms": "\(outcome.duration.milliseconds)",
        ]
        if let intent = outcome.intent { metadata["intent.name"] = "\(intent)" }
        (logger ?? self.logger).info("turn", metadata: metadata)
        return outcome
    }

    /// Ends conversation `id` now, stopping its handler.
    public func end(_ id: String) {
        guard let session = lock.withLock({ sessions.removeValue(forKey: id) }) else { return }
        session.end()
    }

    /// Ends every conversation idle since before `deadline`; returns how many.
    @discardableResult
    public func expire(idleSince deadline: ContinuousClock.Instant) -> Int {
        let expired = lock.withLock { () -> [DialogueSession] in
            let old = sessions.values.filter { let usage = $0.usage; return !usage.busy && usage.lastUsed < deadline }
            for session in old { sessions[session.id] = nil }
            return old
        }
        for session in expired {
            logger.info("conversation expired", metadata: ["session.id": "\(session.id)"])
            session.end()
        }
        return expired.count
    }

    /// Ends every conversation (at shutdown).
    public func endAll() {
        let all = lock.withLock { () -> [DialogueSession] in
            defer { sessions.removeAll() }
            return Array(sessions.values)
        }
        for session in all { session.end() }
    }

    private func checkOut(_ id: String, now: ContinuousClock.Instant) -> DialogueSession {
        var evicted: DialogueSession?
        let session = lock.withLock { () -> DialogueSession in
            if let existing = sessions[id] {
                existing.reserve(now: now)
                return existing
            }
            if sessions.count >= capacity {
                let idle = sessions.values.map { ($0, $0.usage) }.filter { !$0.1.busy }
                if let oldest = idle.min(by: { $0.1.lastUsed < $1.1.lastUsed })?.0 {
                    sessions[oldest.id] = nil
                    evicted = oldest
                }
            }
            let snapshot = library.current
            var options = DialogueOptions(today: .today)
            options.retryBudget = 2
            let created = DialogueSession(id: id, compiled: snapshot.compiled, generation: snapshot.generation, options: options,
                                          handlerTimeout: handlerTimeout, now: now)
            created.reserve(now: now)
            sessions[id] = created
            return created
        }
        if let evicted {
            logger.notice("conversation evicted to make room", metadata: ["session.id": "\(evicted.id)"])
            evicted.end()
        }
        return session
    }

    private func drop(_ id: String, session: DialogueSession) {
        lock.withLock {
            if sessions[id] === session, !session.usage.busy { sessions[id] = nil }
        }
    }
}
