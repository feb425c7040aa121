import Foundation
import ParleyGrammar
import ParleySpeech

/// PocketSphinx recognizers lent out one utterance at a time (two to a stream, and two to a
/// whole utterance: the grammar pass on one, the phone loop on the other at once). A `Recognizer`
/// is not thread-safe and costs ~9 MB, so the pool starts with one and grows, up to `limit`, only
/// when a borrower finds too few free, and `shrink` frees the extra ones again once they sit
/// unused: an idle daemon keeps `keep` decoders' memory, a busy one decodes as many utterances
/// at once as `limit` allows. Each recognizer registers a grammar the first time it needs it
/// (registering costs far more than selecting).
/// Blocking by design: borrow on a thread-pool thread, never on the cooperative pool.
final class RecognizerPool: @unchecked Sendable {
    final class Slot {
        let recognizer: Recognizer
        var registered: Set<String> = []
        /// When it was last given back (or made).
        var lastUsed = ContinuousClock.now
        init(_ recognizer: Recognizer) { self.recognizer = recognizer }
    }

    private let condition = NSCondition()
    private let make: () throws -> Recognizer
    private let limit: Int
    /// How many `shrink` leaves.
    private let keep: Int
    private var free: [Slot]
    private var all: [Slot]
    /// Recognizers made or being made.
    private var made: Int
    /// Recognizers the borrowers waiting now want, together.
    private var wanted = 0

    /// A pool of at most `limit` recognizers of `configuration`; the first is made now, and
    /// `shrink` keeps `keep` of them (a stream needs two at once).
    init(limit: Int, keep: Int = 1, configuration: RecognizerConfiguration) throws {
        // Only the first is warmed up: a pass starts a new stream, so warming up changes no
        // result (LoopbackTests), and it cost a burst's new decoders ~0.1 s each.
        make = { try Recognizer(configuration: configuration, warmUp: false) }
        let first = Slot(try Recognizer(configuration: configuration))
        free = [first]
        all = [first]
        made = 1
        self.limit = max(1, limit)
        self.keep = min(max(1, keep), self.limit)
    }

    /// Recognizers made so far.
    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return all.count
    }

    /// Runs `body` on every recognizer made so far, one after another (each as it becomes free).
    /// Those made later register what they need when they first need it.
    func withEach(_ body: (Slot) throws -> Void) throws {
        condition.lock()
        var pending = Set(all.map(ObjectIdentifier.init))
        condition.unlock()
        while !pending.isEmpty {
            condition.lock()
            var taken: Slot?
            while taken == nil, !pending.isEmpty {
                pending.formIntersection(all.map(ObjectIdentifier.init))  // `shrink` may have freed some
                if let index = free.firstIndex(where: { pending.contains(ObjectIdentifier($0)) }) {
                    taken = free.remove(at: index)
                } else if !pending.isEmpty {
                    condition.wait()
                }
            }
            condition.unlock()
            guard let slot = taken else { continue }
            defer { giveBack(slot) }
            try body(slot)
            pending.remove(ObjectIdentifier(slot))
        }
    }

    /// Runs `body` with a free recognizer: an idle one, else the first to come free — the one
    /// in use coming back, or a new one (made on its own thread while fewer than `limit` exist),
    /// whichever is first. A model load takes ~0.3 s, often longer than the decode in the way.
    func with<T>(_ body: (Slot) throws -> T) throws -> T {
        let slot = borrow(1)[0]
        defer { giveBack(slot) }
        return try body(slot)
    }

    /// `count` recognizers at once (at most `limit`), waiting until that many are free together
    /// — never holding some while waiting for the rest, so two borrowers cannot wait on each
    /// other — and making more, off the lock, while fewer than `limit` exist.
    func borrow(_ count: Int) -> [Slot] {
        let count = min(max(1, count), limit)
        condition.lock()
        defer { condition.unlock() }
        wanted += count
        defer { wanted -= count }
        while free.count < count {
            let coming = made - all.count  // being made
            if free.count + coming < wanted && made < limit {
                made += 1  // reserved: the model loads off the lock, on a thread of its own
                Thread.detachNewThread { [self] in grow() }
                continue
            }
            condition.wait()  // one in use comes back, or one being made is ready
        }
        let slots = Array(free.suffix(count))
        free.removeLast(count)
        return slots
    }

    /// Gives back recognizers lent by `borrow(_:)`.
    func giveBack(_ slots: [Slot]) {
        for slot in slots { giveBack(slot) }
    }

    /// Makes one more recognizer and lends it out; on failure (the model was there at start, so
    /// hardly ever) gives the reservation back, and a later overlap tries again.
    private func grow() {
        let slot = try? Slot(make())
        condition.lock()
        if let slot {
            all.append(slot)
            free.append(slot)
        } else {
            made -= 1
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Frees the recognizers beyond the first `keep` that have sat unused for `idle` or longer (as of
    /// `now`), and hands the memory back to the system. Returns how many were freed.
    @discardableResult
    func shrink(idle: Duration, now: ContinuousClock.Instant = .now) -> Int {
        condition.lock()
        var freed: [Slot] = []
        for slot in free where all.count - freed.count > keep && now - slot.lastUsed >= idle {
            freed.append(slot)
        }
        let gone = Set(freed.map(ObjectIdentifier.init))
        free.removeAll { gone.contains(ObjectIdentifier($0)) }
        all.removeAll { gone.contains(ObjectIdentifier($0)) }
        made -= freed.count
        condition.broadcast()
        condition.unlock()
        guard !freed.isEmpty else { return 0 }
        freed.removeAll()  // the decoders are freed here, off the lock
        Self.trimHeap()
        return gone.count
    }

    /// glibc keeps freed memory for the process unless asked to hand it back (`malloc_trim`,
    /// which Swift's Glibc module does not export: looked up by name).
    static func trimHeap() {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        typealias MallocTrim = @convention(c) (Int) -> Int32
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
    }

    private func giveBack(_ slot: Slot) {
        condition.lock()
        slot.lastUsed = .now
        free.append(slot)
        condition.broadcast()
        condition.unlock()
    }
}
