import Foundation

/// Starts child processes so that none inherits another's pipes.
///
/// Foundation's `Process.run()` on Linux closes in the child every descriptor it found open
/// when it looked, but one that another thread opens between that look and the spawn leaks into
/// the child: a `Pipe` (not close-on-exec), or the socket `run()` itself uses to learn that a
/// child has exited. A child holding a copy of another child's standard input keeps it from
/// ever seeing the end of its input; a reader waiting for the end of a pipe whose write end
/// leaked into a long-lived child (an app's handler), or a `waitUntilExit()` whose exit socket
/// leaked, waits as long as that child lives — under load, a test run or a daemon that never
/// ends. So every child this program starts is started here, and every pipe for a child is
/// made here: close-on-exec from the start (the child still gets its own ends as standard
/// streams, which `run()` duplicates), and never while another child is being started.
public enum ChildProcess {
    private static let lock = NSLock()

    /// A pipe for a child's standard stream; neither end leaks into any other child.
    public static func pipe() -> Pipe {
        lock.lock()
        defer { lock.unlock() }
        let pipe = Pipe()
        for handle in [pipe.fileHandleForReading, pipe.fileHandleForWriting] {
            _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }
        return pipe
    }

    /// Starts `process` (`run()`), with no other child starting and no pipe being made meanwhile.
    public static func start(_ process: Process) throws {
        lock.lock()
        defer { lock.unlock() }
        try process.run()
    }

    /// What a child that ran to its end left: its exit status and everything it wrote.
    public struct Finished: Sendable {
        public var status: Int32
        public var output: Data
        public var error: Data
    }

    /// Runs `executable` with `arguments` (in `directory`, when given) to its end: `input` on its
    /// standard input, then closed; standard output read to its end, then standard error.
    public static func run(_ executable: URL, arguments: [String], directory: URL? = nil, input: Data = Data()) throws -> Finished {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = pipe(), error = pipe(), stdin = pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = stdin
        try start(process)
        if !input.isEmpty { stdin.fileHandleForWriting.write(input) }
        try stdin.fileHandleForWriting.close()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Finished(status: process.terminationStatus, output: outputData, error: errorData)
    }

    /// A duplicate of `descriptor` that no child inherits (close-on-exec set atomically).
    public static func privateDuplicate(of descriptor: CInt) -> CInt {
        fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
    }
}
