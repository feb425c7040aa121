import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import UnixSignals

/// Keeps the dialogue thread pool and the conversations for the daemon's lifetime; on shutdown
/// (it stops last) ends every conversation, stopping their handlers, then the pool.
struct DialogueService: Service, CustomStringConvertible {
    var description: String { "DialogueService" }
    let pool: NIOThreadPool
    let conversations: ConversationStore
    let configuration: DaemonConfiguration
    let logger: Logger

    func run() async throws {
        // Forget idle conversations, checking a few times per timeout.
        let period = min(configuration.conversationTimeout / 4, .seconds(30))
        let clock = ContinuousClock()
        while !Task.isShuttingDownGracefully {
            do {
                let pause = max(period, .milliseconds(100))
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: pause) }
            } catch {
                break
            }
            conversations.expire(idleSince: clock.now - configuration.conversationTimeout)
        }
        conversations.endAll()
        try await pool.shutdownGracefully()
        logger.debug("dialogue stopped")
    }
}

/// Reloads the phrase tables on SIGHUP, only when they check without errors; otherwise keeps
/// the running ones and logs the findings.
struct PhraseReloadService: Service, CustomStringConvertible {
    var description: String { "PhraseReloadService" }
    let context: DaemonContext
    var library: PhraseLibrary { context.library }
    let notifier: SystemdNotifier
    let logger: Logger

    func run() async throws {
        let signals = await UnixSignalsSequence(trapping: .sighup)
        await cancelWhenGracefulShutdown {
            for await _ in signals {
                notifier.notify("RELOADING=1\n" + SystemdNotifier.monotonicNow)
                do throws(PhraseLoadError) {
                    let snapshot = try library.reload()
                    logger.notice("phrase tables reloaded", metadata: [
                        "phrases.path": "\(library.path)", "phrases.generation": "\(snapshot.generation)",
                        "phrases.apps": "\(snapshot.compiled.table.apps.count)", "phrases.warnings": "\(snapshot.warnings.count)",
                    ])
                    await context.prepareSpeech(logger: logger)
                } catch {
                    logger.error("phrase tables not reloaded; keeping the running ones", metadata: [
                        "phrases.path": "\(library.path)", "error": "\(error.reason)", "phrases.errors": "\(error.findings.count)",
                    ])
                    for finding in error.findings {
                        logger.error("\(finding.message)", metadata: [
                            "finding.rule": "\(finding.rule)", "finding.location": "\(finding.location)",
                        ])
                    }
                }
                notifier.notify("READY=1\nSTATUS=Serving (phrases generation \(library.current.generation))")
            }
        }
    }
}

/// Pings the systemd watchdog while the event loops answer.
struct WatchdogService: Service, CustomStringConvertible {
    var description: String { "WatchdogService" }
    let interval: Duration
    let notifier: SystemdNotifier
    let group: any EventLoopGroup

    func run() async throws {
        while !Task.isShuttingDownGracefully {
            do {
                let pause = interval / 2
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: pause) }
                try await group.any().submit {}.get()
            } catch {
                break
            }
            notifier.notify("WATCHDOG=1")
        }
    }
}
