#if canImport(Glibc)
import Glibc
#endif
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// parleyd assembled: phrase tables, conversations, the Wyoming server, reload on SIGHUP,
/// systemd notifications and watchdog, in one `ServiceGroup` that stops gracefully on SIGTERM
/// and SIGINT.
public struct Daemon: Sendable {
    /// What every connection shares.
    public let context: DaemonContext
    private let pool: NIOThreadPool
    private let notifier: SystemdNotifier
    private let environment: [String: String]

    /// Loads the phrase tables (throwing when they have errors) and prepares the services.
    public init(configuration: DaemonConfiguration, speech: SpeechEngines, logger: Logger,
                environment: [String: String]) throws(PhraseLoadError) {
        let library = try PhraseLibrary(path: configuration.phrases, wakePhrase: configuration.wakePhrase)
        let snapshot = library.current
        logger.notice("phrase tables loaded", metadata: [
            "phrases.path": "\(configuration.phrases)", "phrases.apps": "\(snapshot.compiled.table.apps.count)",
            "phrases.warnings": "\(snapshot.warnings.count)",
        ])
        pool = NIOThreadPool(numberOfThreads: configuration.dialogueThreads)
        let conversations = ConversationStore(library: library, pool: pool, handlerTimeout: configuration.handlerTimeout,
                                              capacity: configuration.maxConversations, logger: logger)
        context = DaemonContext(configuration: configuration, library: library, conversations: conversations, speech: speech, logger: logger)
        notifier = SystemdNotifier(environment: environment)
        self.environment = environment
    }

    /// Runs until SIGTERM or SIGINT (or a service fails); `onReady` gets the bound addresses.
    public func run(onReady: @escaping @Sendable ([ListenAddress]) -> Void = { _ in }) async throws {
        // A handler or player that exits early must not kill the daemon with SIGPIPE: writes fail instead.
        signal(SIGPIPE, SIG_IGN)
        pool.start()
        await context.prepareSpeech(logger: context.logger)
        let notifier = self.notifier
        let logger = context.logger
        let connections = ConnectionCounter()
        let server = WyomingServer(context: context, group: MultiThreadedEventLoopGroup.singleton, connections: connections) { addresses in
            notifier.notify("READY=1\nSTATUS=Serving on \(addresses.map(\.description).joined(separator: " "))")
            onReady(addresses)
        }
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
            .init(service: DialogueService(pool: pool, conversations: context.conversations, configuration: context.configuration, logger: logger)),
            .init(service: PhraseReloadService(context: context, notifier: notifier, logger: logger)),
        ]
        if let interval = SystemdNotifier.watchdogInterval(environment: environment) {
            services.append(.init(service: WatchdogService(interval: interval, notifier: notifier, group: MultiThreadedEventLoopGroup.singleton)))
        }
        if let micCommand = context.configuration.micCommand {
            // Local audio ending (the microphone command exited, or could not start) leaves the server running.
            services.append(.init(service: LocalAudioService(context: context, pool: pool, micCommand: micCommand),
                                  successTerminationBehavior: .ignore, failureTerminationBehavior: .ignore))
        }
        for satellite in context.configuration.satellites {
            services.append(.init(service: SatelliteService(context: context, address: satellite, connections: connections),
                                  successTerminationBehavior: .ignore, failureTerminationBehavior: .ignore))
        }
        services.append(.init(service: server))
        var configuration = ServiceGroupConfiguration(services: services, logger: logger)
        configuration.gracefulShutdownSignals = [.sigterm, .sigint]
        configuration.maximumGracefulShutdownDuration = .seconds(10)
        let group = ServiceGroup(configuration: configuration)
        defer { notifier.notify("STOPPING=1") }
        try await group.run()
    }
}
