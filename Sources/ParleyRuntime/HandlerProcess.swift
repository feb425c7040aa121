import Foundation
import ParleyDialogue
import ParleyProcess

/// Why a handler could not answer.
public enum HandlerFailure: Error, Sendable, Equatable, CustomStringConvertible {
    case couldNotStart(String)
    case crashed(status: Int32)
    case timedOut
    case garbage(String)

    /// The `failed` event's reason.
    public var reason: String {
        switch self {
        case .couldNotStart: "handlerUnavailable"
        case .crashed: "handlerCrashed"
        case .timedOut: "handlerTimedOut"
        case .garbage: "handlerGarbage"
        }
    }

    public var description: String {
        switch self {
        case .couldNotStart(let why): "the handler could not start: \(why)"
        case .crashed(let status): "the handler exited with status \(status)"
        case .timedOut: "the handler did not answer in time"
        case .garbage(let why): "the handler answered garbage: \(why)"
        }
    }
}

/// An app's handler program, run as a child process that reads one JSON request per line on
/// standard input and answers one JSON line on standard output (`docs/handlers.md`).
/// Lock-guarded: replies arrive on Foundation's reading thread.
public final class HandlerProcess: @unchecked Sendable {
    private let process = Process()
    private let input = ChildProcess.pipe()
    private let output = ChildProcess.pipe()
    private let lock = NSCondition()
    private var buffer = Data()
    private var lines: [String] = []
    private var exited = false
    private let timeout: Duration
    private var nextID = 1

    /// Starts `argv` (the first element is the program).
    public init(argv: [String], timeout: Duration = .seconds(5)) throws(HandlerFailure) {
        self.timeout = timeout
        guard let program = argv.first else { throw .couldNotStart("no program") }
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = Array(argv.dropFirst())
        process.standardInput = input
        process.standardOutput = output
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            self?.received(handle.availableData)
        }
        process.terminationHandler = { [weak self] _ in self?.markExited() }
        do {
            try ChildProcess.start(process)
        } catch {
            throw .couldNotStart("\(program): \(error.localizedDescription)")
        }
    }

    private func markExited() {
        lock.lock()
        exited = true
        lock.broadcast()
        lock.unlock()
    }

    private func received(_ data: Data) {
        lock.lock()
        defer { lock.unlock() }
        if data.isEmpty {
            exited = true
        } else {
            buffer.append(data)
            while let newline = buffer.firstIndex(of: 0x0A) {
                lines.append(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
                buffer.removeSubrange(buffer.startIndex...newline)
            }
        }
        lock.broadcast()
    }

    /// Sends `request` and waits for the reply line; the handler is stopped if it times out.
    public func send(_ request: HandlerRequest) throws(HandlerFailure) -> (id: Int, line: String) {
        let id = nextID
        nextID += 1
        lock.lock()
        let alreadyExited = exited
        lock.unlock()
        if alreadyExited { throw .crashed(status: status) }
        do {
            try input.fileHandleForWriting.write(contentsOf: Data((request.json(id: id) + "\n").utf8))
        } catch {
            throw .crashed(status: status)
        }
        let (seconds, attoseconds) = timeout.components
        let deadline = Date().addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
        lock.lock()
        while lines.isEmpty, !exited {
            if !lock.wait(until: deadline) { break }
        }
        let line = lines.isEmpty ? nil : lines.removeFirst()
        let hasExited = exited
        lock.unlock()
        if let line { return (id, line) }
        if hasExited { throw .crashed(status: status) }
        stop()
        throw .timedOut
    }

    private var status: Int32 {
        if process.isRunning { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Closes the handler's input and ends it if it does not exit by itself.
    public func stop() {
        output.fileHandleForReading.readabilityHandler = nil
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
    }

    deinit { stop() }
}
