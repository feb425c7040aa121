import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOPosix
import ParleyDaemon
import ParleyProcess
import ParleySpeech
import ParleyWyoming

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let shippedPhrases = packageRoot.appendingPathComponent("phrases").path

/// Speech that needs no engines: text becomes audio (each UTF-8 byte a 30 ms block at a level
/// that encodes it) and back. Loud enough for the endpointer, silent between utterances.
struct LoopbackSpeech: SpeechRecognizing, SpeechSynthesizing {
    static let rate = 16_000
    static let blockLength = 480

    func synthesize(_ text: String, voice: String?) async throws -> SpeechAudio {
        SpeechAudio(samples: Self.encode(text), sampleRate: Self.rate)
    }

    func recognize(_ audio: SpeechAudio, context: ListeningContext) async throws -> HeardSpeech {
        HeardSpeech(text: Self.decode(audio.samples), confidence: 0.9)
    }

    static func encode(_ text: String) -> [Int16] {
        text.utf8.flatMap { byte in [Int16](repeating: Int16(1000 + Int(byte) * 50), count: blockLength) }
    }

    static func decode(_ samples: [Int16]) -> String {
        guard let first = samples.firstIndex(where: { $0 != 0 }) else { return "" }
        var bytes: [UInt8] = []
        var index = first
        while index < samples.count, samples[index] != 0 {
            bytes.append(UInt8(clamping: (Int(samples[index]) - 1000) / 50))
            index += blockLength
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` spoken with `before` and `after` of silence around it.
    static func utterance(_ text: String, before: Duration = .milliseconds(400), after: Duration = .milliseconds(600)) -> SpeechAudio {
        func silence(_ duration: Duration) -> [Int16] { SpeechAudio(silence: duration, sampleRate: rate).samples }
        return SpeechAudio(samples: silence(before) + encode(text) + silence(after), sampleRate: rate)
    }

    static var engines: SpeechEngines { SpeechEngines(recognizer: LoopbackSpeech(), synthesizer: LoopbackSpeech()) }
}

/// Collects what a session writes.
final class EventRecorder: WyomingEventWriter, @unchecked Sendable {
    private let lock = NIOLock()
    private var recorded: [WyomingEvent] = []

    func write(_ event: WyomingEvent) async throws { lock.withLock { recorded.append(event) } }

    /// Everything written since the last call.
    func take() -> [WyomingEvent] {
        lock.withLock {
            defer { recorded = [] }
            return recorded
        }
    }
}

/// A daemon context on the shipped phrases, with a running dialogue pool.
struct TestDaemon {
    let context: DaemonContext
    let pool: NIOThreadPool

    init(speech: SpeechEngines = LoopbackSpeech.engines, configure: (inout DaemonConfiguration) -> Void = { _ in }) throws {
        var configuration = DaemonConfiguration()
        configuration.phrases = shippedPhrases
        configuration.listen = [.tcp(host: "127.0.0.1", port: 0)]
        configure(&configuration)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let library = try PhraseLibrary(path: configuration.phrases, wakePhrase: configuration.wakePhrase)
        pool = NIOThreadPool(numberOfThreads: 8)
        pool.start()
        let conversations = ConversationStore(library: library, pool: pool, handlerTimeout: configuration.handlerTimeout,
                                              capacity: configuration.maxConversations, logger: logger)
        context = DaemonContext(configuration: configuration, library: library, conversations: conversations, speech: speech, logger: logger)
    }

    func shutdown() async throws {
        context.conversations.endAll()
        try await pool.shutdownGracefully()
    }

    /// A session writing into a recorder.
    func session(_ id: Int = 1) -> (WyomingSession, EventRecorder) {
        let recorder = EventRecorder()
        return (WyomingSession(context: context, connectionID: id, writer: recorder), recorder)
    }

    /// Runs a server on a free loopback port for the duration of `body`.
    func withServer<T: Sendable>(_ body: @Sendable @escaping (ListenAddress) async throws -> T) async throws -> T {
        let (ready, continuation) = AsyncStream.makeStream(of: ListenAddress.self)
        let server = WyomingServer(context: context) { addresses in
            if let first = addresses.first { continuation.yield(first) }
            continuation.finish()
        }
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                try? await server.run()
                return nil
            }
            var iterator = ready.makeAsyncIterator()
            guard let address = await iterator.next() else { throw WyomingClientError.connectionClosed }
            let result = try await body(address)
            group.cancelAll()
            return result
        }
    }
}

/// `text` as the loopback decodes speech synthesized sentence by sentence (no space between).
func sentencesJoined(_ text: String) -> String {
    text.replacingOccurrences(of: ". ", with: ".").replacingOccurrences(of: "? ", with: "?").replacingOccurrences(of: "! ", with: "!")
}

/// The spoken texts of a conversation's events, for comparing transcripts.
extension WyomingEvent {
    var handledText: String? {
        switch self {
        case .handled(let text, _), .notHandled(let text, _): text
        default: nil
        }
    }

    /// The code of an `error` event.
    var errorCode: String? {
        if case .error(_, let code) = self { code } else { nil }
    }
}

/// `text` said by the espeak-ng command (`en-us`) as 16 kHz mono: the same audio whatever
/// other tests synthesized in this process (eSpeak NG in process keeps state between calls).
/// Started through `ChildProcess`, as every child of the test process must be: a plain `Process`
/// and `Pipe` leaked into children other tests start at the same moment.
func commandSpeech(_ text: String, wordsPerMinute: Int = 175) throws -> PCMAudio {
    let spoken = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/espeak-ng"),
                                      arguments: ["-v", "en-us", "-s", String(wordsPerMinute), "--stdout", text])
    return try AudioConverter.recognizerAudio(WAVCodec.decode(spoken.output))
}
