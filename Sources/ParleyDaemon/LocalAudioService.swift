import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// Local audio: a microphone through `mic-command` (16 kHz 16-bit mono PCM on its standard
/// output) and a speaker through `snd-command` (PCM at `snd-rate` on its standard input). Wakes
/// on the wake phrase (or, without one, listens for shortcut phrases), runs the conversation
/// (follow-up answers need no wake phrase within the listening window), and ignores the
/// microphone while a reply plays. When the microphone command ends, local audio ends after
/// the last reply has played; the rest of the daemon serves on.
struct LocalAudioService: Service, CustomStringConvertible {
    let context: DaemonContext
    let pool: NIOThreadPool
    let micCommand: String
    var description: String { "LocalAudioService" }

    func run() async throws {
        var log = context.logger
        log[metadataKey: "audio.source"] = "mic-command"
        guard context.speech.recognizer != nil, context.speech.synthesizer != nil else {
            log.error("local audio needs speech recognition and synthesis, which this build lacks; --mic-command is ignored")
            return
        }
        do {
            try await listen(logger: log)
        } catch {
            log.error("local audio failed", metadata: ["error": "\(error)"])
        }
    }

    private func listen(logger log: Logger) async throws {
        let (process, descriptor) = try CommandAudio.startSource(micCommand)
        defer { if process.isRunning { process.terminate() } }
        let channel = try await CommandAudio.channel(reading: descriptor, audioTimeout: context.configuration.audioTimeout)
        let (replies, queue) = AsyncStream.makeStream(of: SpeechAudio.self)
        let player = ReplyPlayer(command: context.configuration.sndCommand, pool: pool, logger: log)
        let logger = log
        logger.notice("local audio listening", metadata: ["wake.phrase": "\(context.configuration.wakePhrase)"])
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await player.play(replies) }
            defer { queue.finish() }
            try await cancelWhenGracefulShutdown {
                try await channel.executeThenClose { inbound, _ in
                    var loop = LocalAudioLoop(context: context, queue: queue, logger: logger)
                    for try await buffer in inbound { try await loop.hear(buffer) }
                    try await loop.microphoneEnded()
                }
            }
        }
        let status = process.isRunning ? "running" : "\(process.terminationStatus)"
        logger.notice("local audio ended: the microphone stream closed", metadata: ["process.status": "\(status)"])
    }
}

/// Plays replies one after another through `snd-command` (or drops them without one).
struct ReplyPlayer: Sendable {
    let command: String?
    let pool: NIOThreadPool
    let logger: Logger

    func play(_ replies: AsyncStream<SpeechAudio>) async {
        for await audio in replies {
            guard let command else { continue }
            do {
                let status = try await pool.runIfActive { try CommandAudio.play(audio, with: command) }
                if status != 0 { logger.warning("snd-command failed", metadata: ["process.status": "\(status)"]) }
            } catch {
                logger.error("snd-command could not run", metadata: ["error": "\(error)"])
            }
        }
    }
}
