import Foundation

/// One long-lived thread that runs submitted work in order. Libraries with global state
/// (eSpeak NG) are driven only from such a thread.
///
/// `@unchecked Sendable`: the job queue is guarded by `condition`; nothing else is shared.
final class DedicatedThread: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [() -> Void] = []
    private var thread: Thread?

    /// Starts the thread; it lives as long as the process.
    init(name: String) {
        let thread = Thread { [unowned self] in self.loop() }
        thread.name = name
        thread.stackSize = 1 << 20
        self.thread = thread
        thread.start()
    }

    private func loop() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
    }

    /// Runs `body` on the thread and waits for its result. Called from the thread itself it
    /// runs in place (waiting would deadlock).
    func sync<T>(_ body: () throws -> T) rethrows -> T {
        if let thread, Thread.current === thread { return try body() }
        return try withoutActuallyEscaping(body) { escapable in
            let box = ResultBox(escapable)
            let done = DispatchSemaphore(value: 0)
            condition.lock()
            jobs.append {
                box.run()
                done.signal()
            }
            condition.signal()
            condition.unlock()
            done.wait()
            return try box.get()
        }
    }
}

/// Carries one job and its result between the caller and the dedicated thread; the caller
/// blocks until the job has run, so the two never touch it at once.
private final class ResultBox<T>: @unchecked Sendable {
    private var body: (() throws -> T)?
    private var result: Result<T, Error>?

    init(_ body: @escaping () throws -> T) { self.body = body }

    /// Runs the job once and drops it, so the caller's closure does not outlive its call.
    func run() {
        guard let body else { return }
        self.body = nil
        result = Result { try body() }
    }

    func get() throws -> T {
        guard let result else { throw SpeechError.internalError("a job on the dedicated thread did not run") }
        return try result.get()
    }
}
