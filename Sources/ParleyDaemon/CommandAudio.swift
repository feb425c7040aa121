import Foundation
import NIOCore
import NIOPosix
import ParleyProcess

/// A shell command started for local audio: `mic-command` (its standard output is read) or
/// `snd-command` (its standard input is written), as wyoming-satellite runs them.
enum CommandAudio {
    /// Starts `command` with `/bin/sh -c`; returns the process and a descriptor of its standard
    /// output, owned by the caller.
    static func startSource(_ command: String) throws -> (process: Process, descriptor: CInt) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let output = ChildProcess.pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try ChildProcess.start(process)
        let descriptor = ChildProcess.privateDuplicate(of: output.fileHandleForReading.fileDescriptor)
        try? output.fileHandleForReading.close()
        try? output.fileHandleForWriting.close()
        guard descriptor >= 0 else {
            process.terminate()
            throw CocoaError(.fileReadUnknown)
        }
        return (process, descriptor)
    }

    /// The standard output of `descriptor` as an async channel of bytes.
    static func channel(reading descriptor: CInt, audioTimeout: Duration) async throws -> NIOAsyncChannel<ByteBuffer, Never> {
        try await NIOPipeBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .takingOwnershipOfDescriptor(input: descriptor) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if audioTimeout > .zero {  // an empty buffer wakes the loop when the microphone goes quiet
                        try channel.pipeline.syncOperations.addHandlers(QuietHandler.handlers(after: audioTimeout, reading: ByteBuffer()))
                    }
                    return try NIOAsyncChannel<ByteBuffer, Never>(wrappingChannelSynchronously: channel)
                }
            }
    }

    /// Plays `audio` by running `command` with the PCM (16-bit little-endian) on its standard
    /// input; blocking: run it on a thread pool. Returns the command's exit status.
    static func play(_ audio: SpeechAudio, with command: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let input = ChildProcess.pipe()
        process.standardInput = input
        try ChildProcess.start(process)
        var bytes = [UInt8]()
        bytes.reserveCapacity(audio.samples.count * 2)
        for sample in audio.samples {
            let bits = UInt16(bitPattern: sample)
            bytes.append(UInt8(bits & 0xFF))
            bytes.append(UInt8(bits >> 8))
        }
        do {
            try input.fileHandleForWriting.write(contentsOf: Data(bytes))
        } catch {
            // The player exited early (SIGPIPE is ignored, so this is an error): nothing more to play.
        }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A short rising two-tone cue (“I'm listening”) at `rate`.
    static func listeningCue(rate: Int) -> SpeechAudio {
        var samples: [Int16] = []
        for (frequency, duration) in [(660.0, 0.07), (880.0, 0.09)] {
            let count = Int(Double(rate) * duration)
            for index in 0..<count {
                let fade = min(1, Double(min(index, count - index)) / (Double(rate) * 0.01))
                samples.append(Int16(sin(2 * Double.pi * frequency * Double(index) / Double(rate)) * 8000 * fade))
            }
        }
        return SpeechAudio(samples: samples, sampleRate: rate)
    }
}
