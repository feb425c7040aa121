import Foundation
import ParleyGrammar
import ParleySpeech

/// PocketSphinx recognizers lent out one utterance at a time. A `Recognizer` is not
/// thread-safe and costs ~30 MB, so a few are kept and an utterance waits for a free one; each
/// registers a grammar the first time it needs it (registering costs far more than selecting).
/// Blocking by design: borrow on a thread-pool thread, never on the cooperative pool.
final class RecognizerPool: @unchecked Sendable {
    final class Slot {
        let recognizer: Recognizer
        var registered: Set<String> = []
        init(_ recognizer: Recognizer) { self.recognizer = recognizer }
    }

    private let condition = NSCondition()
    private var free: [Slot]
    private let count: Int

    init(count: Int, configuration: RecognizerConfiguration) throws {
        free = try (0..<max(1, count)).map { _ in Slot(try Recognizer(configuration: configuration)) }
        self.count = free.count
    }

    /// Runs `body` on every recognizer, one after another (each as it becomes free).
    func withEach(_ body: (Slot) throws -> Void) throws {
        var done: Set<ObjectIdentifier> = []
        while done.count < count {
            condition.lock()
            var taken: Slot?
            while taken == nil {
                if let index = free.firstIndex(where: { !done.contains(ObjectIdentifier($0)) }) {
                    taken = free.remove(at: index)
                } else {
                    condition.wait()
                }
            }
            condition.unlock()
            guard let slot = taken else { continue }
            defer {
                condition.lock()
                free.append(slot)
                condition.broadcast()
                condition.unlock()
            }
            try body(slot)
            done.insert(ObjectIdentifier(slot))
        }
    }

    /// Runs `body` with a free recognizer, waiting for one.
    func with<T>(_ body: (Slot) throws -> T) rethrows -> T {
        condition.lock()
        while free.isEmpty { condition.wait() }
        let slot = free.removeLast()
        condition.unlock()
        defer {
            condition.lock()
            free.append(slot)
            condition.broadcast()
            condition.unlock()
        }
        return try body(slot)
    }
}
