import ArgumentParser
import Foundation
import ParleyDaemon
import ParleyWyoming

/// `parley talk`: a conversation with a running parleyd over Wyoming, in text.
struct TalkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "talk",
        abstract: "Talk to a running parleyd: send text turns (Wyoming transcript events) and print the replies.",
        discussion: """
            With TEXT, sends one turn and prints the reply; without, reads one turn per line (an empty line \
            is silence) and keeps one conversation going until the end of input. With --wav, each WAV is one \
            spoken turn: transcribed by the server (ASR), handled, and the reply spoken back (TTS), saved \
            with --save-reply. --describe prints what the server offers. Exit status: 0 when every turn was handled, 1 when one was not understood, 2 when \
            the server could not be reached.
            """
    )

    @Option(name: .long, help: "The server: tcp://HOST:PORT or unix:///path.")
    var uri = ListenAddress.default.description

    @Option(name: .long, help: "The conversation id (default: a new one).")
    var conversation: String?

    @Flag(name: .long, help: "Print the server's info (describe) and exit.")
    var describe = false

    @Option(name: .long, help: ArgumentHelp("Say this WAV instead of text (repeatable: one turn each).", valueName: "file"))
    var wav: [String] = []

    @Option(name: .long, help: ArgumentHelp("Save each spoken reply as a WAV here (several turns: FILE-1.wav, FILE-2.wav, …).",
                                            valueName: "file"))
    var saveReply: String?

    @Argument(help: "One turn to send; without it, turns are read from standard input.")
    var text: [String] = []

    func run() async throws {
        guard let address = ListenAddress(uri: uri) else { throw ValidationError("--uri takes tcp://HOST:PORT or unix:///path") }
        let id = conversation ?? "parley-talk-\(UUID().uuidString.prefix(8).lowercased())"
        let interactive = text.isEmpty && isatty(STDIN_FILENO) != 0
        let single = text.isEmpty ? nil : text.joined(separator: " ")
        let understood: Bool
        do {
            understood = try await WyomingClient.withConnection(to: address) { client in
                if describe {
                    try await client.send(.describe)
                    print(Self.summary(try await client.reply()))
                    return true
                }
                if !wav.isEmpty { return try await spokenTurns(id: id, client: &client) }
                if let single { return try await Self.turn(single, id: id, client: &client) }
                if interactive { print("Talking to parleyd at \(address) (conversation \(id)). Ctrl-D ends.") }
                var all = true
                while true {
                    if interactive { FileHandle.standardOutput.write(Data("> ".utf8)) }
                    guard let line = readLine() else { break }
                    all = try await Self.turn(line, id: id, client: &client) && all
                }
                return all
            }
        } catch let error as WyomingClientError {
            FileHandle.standardError.write(Data("parley talk: \(error)\n".utf8))
            throw ExitCode(2)
        } catch {
            FileHandle.standardError.write(Data("parley talk: cannot talk to \(address): \(error)\n".utf8))
            throw ExitCode(2)
        }
        if !understood { throw ExitCode(1) }
    }

    private static func turn(_ line: String, id: String, client: inout WyomingClient) async throws -> Bool {
        let reply = try await client.handle(line, conversationID: id)
        print("Parley: \(reply.text)")
        return reply.handled
    }

    private static func summary(_ event: WyomingEvent) -> String {
        guard case .info(let info) = event else { return "unexpected answer: \(event.frame.type)" }
        return WyomingInfo.Kind.allCases.flatMap { kind in
            info[kind].map { program in
                "\(kind.rawValue): \(program.name)\(program.installed ? "" : " (not installed)") — \(program.description ?? "")"
            }
        }.joined(separator: "\n")
    }
}
