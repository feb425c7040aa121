import Foundation
import NIOConcurrencyHelpers
import ParleyDialogue
import ParleyGrammar
import ParleyRuntime

/// One conversation's state: its driver (state machine and handler process) behind a lock,
/// so turns of the same conversation run one after the other and never touch another's.
final class DialogueSession: @unchecked Sendable {
    let id: String
    /// The tables' generation the conversation started from.
    let generation: Int
    private let lock = NIOLock()
    private var driver: ConversationDriver
    private var lastUsed: ContinuousClock.Instant
    private var turnsInFlight = 0
    private var turnCount = 0

    init(id: String, compiled: CompiledTable, generation: Int, options: DialogueOptions, handlerTimeout: Duration, now: ContinuousClock.Instant) {
        self.id = id
        self.generation = generation
        driver = ConversationDriver(compiled: compiled, options: options, handlerTimeout: handlerTimeout)
        lastUsed = now
    }

    /// Marks a turn as coming, so the session is not evicted while it waits for the lock.
    func reserve(now: ContinuousClock.Instant) {
        lock.withLock {
            turnsInFlight += 1
            lastUsed = now
        }
    }

    /// Runs one turn (blocking: the handler may be called). Call `reserve` first.
    func turn(_ text: String, confidence: Double?) -> (events: [ConversationEvent], question: Question?, turn: Int, ended: Bool) {
        lock.withLock {
            defer { turnsInFlight -= 1 }
            turnCount += 1
            let events = driver.turn(text, confidence: confidence)
            return (events, driver.machine.question, turnCount, driver.machine.isIdle)
        }
    }

    /// When the session was last used, and whether a turn is running or waiting.
    var usage: (lastUsed: ContinuousClock.Instant, busy: Bool) {
        lock.withLock { (lastUsed, turnsInFlight > 0) }
    }

    /// The question the conversation waits for, if any.
    var question: Question? { lock.withLock { driver.machine.question } }

    /// What the next utterance is listened for: this conversation's tables and question.
    var listening: ListeningContext {
        lock.withLock {
            ListeningContext(compiled: driver.machine.compiled, generation: generation, question: driver.machine.question,
                             answers: driver.machine.answerGrammar())
        }
    }

    /// Ends the conversation: its handler (if running) is stopped.
    func end() {
        lock.withLock {
            driver.end()
        }
    }
}

extension CalendarDay {
    /// Today in the system's time zone.
    static var today: CalendarDay {
        let now = Calendar(identifier: .gregorian).dateComponents([.year, .month, .day], from: Date())
        return CalendarDay(year: now.year ?? 2026, month: now.month ?? 1, day: now.day ?? 1)
    }
}
