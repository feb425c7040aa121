import Foundation
import ParleyProcess
import Testing

/// Children started from many threads at once: each holds its own three streams and nothing of
/// the others', so each sees the end of its input when its parent closes it.
@Suite struct ChildProcessTests {
    /// A `cat` child with a pipe on standard input and output.
    final class Cat: @unchecked Sendable {
        let process = Process()
        let input = ChildProcess.pipe()
        let output = ChildProcess.pipe()

        init() throws {
            process.executableURL = URL(fileURLWithPath: "/bin/cat")
            process.standardInput = input
            process.standardOutput = output
            try ChildProcess.start(process)
        }

        /// What the running child's descriptors beyond its standard streams point at
        /// (`pipe:[…]`, `socket:[…]`).
        var otherDescriptors: [String] {
            get throws {
                let folder = "/proc/\(process.processIdentifier)/fd"
                return try FileManager.default.contentsOfDirectory(atPath: folder)
                    .filter { !["0", "1", "2"].contains($0) }
                    .map { try FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)") }
            }
        }
    }

    @Test func childrenStartedAtOnceHoldOnlyTheirOwnStreams() throws {
        let lock = NSLock()
        nonisolated(unsafe) var cats: [Int: Cat] = [:]
        nonisolated(unsafe) var failures: [String] = []
        DispatchQueue.concurrentPerform(iterations: 100) { index in
            do {
                let cat = try Cat()
                lock.withLock { cats[index] = cat }
            } catch {
                lock.withLock { failures.append("\(error)") }
            }
        }
        #expect(failures.isEmpty)
        // Every child is still waiting for input here, after all the others were started. Beside
        // its standard streams it holds the socket Foundation gives each child to learn of its
        // exit, and no pipe and no exit socket of another child. (A file or socket that another
        // test of this process opened without close-on-exec just then may leak in too — a decoder
        // reading its model, a server's socket — and is not what this test is about: in a full
        // test run, under load, one did.)
        let held = try cats.mapValues { try $0.otherDescriptors }
        var holders: [String: Int] = [:]
        for descriptors in held.values { for descriptor in Set(descriptors) { holders[descriptor, default: 0] += 1 } }
        let catPipes = try Set(cats.values.flatMap { cat in
            try [cat.input.fileHandleForWriting, cat.output.fileHandleForReading].map {
                try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0.fileDescriptor)")
            }
        })
        #expect(catPipes.count == 2 * cats.count && catPipes.allSatisfy { $0.hasPrefix("pipe:") })
        for (index, others) in held.sorted(by: { $0.key < $1.key }) {
            #expect(others.contains { $0.hasPrefix("socket:") }, "child \(index): \(others)")
            #expect(catPipes.isDisjoint(with: others), "child \(index) holds another child's pipe: \(others)")
            #expect(others.allSatisfy { !$0.hasPrefix("socket:") || holders[$0] == 1 }, "child \(index) shares a socket: \(others)")
        }
        for (index, cat) in cats {
            cat.input.fileHandleForWriting.write(Data("cat \(index)\n".utf8))
            try cat.input.fileHandleForWriting.close()
            let echoed = cat.output.fileHandleForReading.readDataToEndOfFile()
            cat.process.waitUntilExit()
            #expect(String(decoding: echoed, as: UTF8.self) == "cat \(index)\n")
            #expect(cat.process.terminationStatus == 0)
        }
    }

    @Test func pipesAndDuplicatesAreCloseOnExec() throws {
        let pipe = ChildProcess.pipe()
        for descriptor in [pipe.fileHandleForReading.fileDescriptor, pipe.fileHandleForWriting.fileDescriptor] {
            #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0)
        }
        let duplicate = ChildProcess.privateDuplicate(of: pipe.fileHandleForReading.fileDescriptor)
        defer { close(duplicate) }
        #expect(duplicate >= 0)
        #expect(fcntl(duplicate, F_GETFD) & FD_CLOEXEC != 0)
    }
}
