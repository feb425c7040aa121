import ArgumentParser
import Foundation
import ParleyDialogue
import ParleyGrammar
import ParleyRuntime
import ParleySpeech

/// `parley converse`: conversations over text, one user turn per line; `@file.wav` is a spoken turn.
struct ConverseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "converse",
        abstract: "Talk to Parley in text: one turn per line, an empty line is silence, @FILE.wav is spoken.",
        discussion: """
            With --json, prints one event per line as in conversation.md; a conversation that ends lets the next \
            line start a new one. A line @path/to/file.wav is decoded with the grammar of the question being asked \
            (the shortcut grammar when none is) and its events carry what was heard.
            """
    )

    @OptionGroup var tables: PhrasesOption
    @OptionGroup var speech: SpeechOptions

    @Flag(name: .long, help: "One JSON event per line.")
    var json = false

    @Option(name: .long, help: "Seconds a handler may take to answer.")
    var handlerTimeout: Double = 5

    @Option(name: .long, help: "Today's date (YYYY-MM-DD) for answers like “tomorrow”; default: the system date.")
    var today: String?

    @Option(name: .long, help: "Write every reply spoken (eSpeak NG) as a numbered WAV file in this folder.")
    var speakDir: String?

    func run() throws {
        let compiled = try loadCompiledTable(tables.phrases)
        var options = DialogueOptions(today: try day())
        options.retryBudget = 2
        var driver = ConversationDriver(compiled: compiled, options: options, handlerTimeout: .milliseconds(Int(handlerTimeout * 1000)))
        var voice = ConverseVoice(compiled: compiled, configuration: speech.configuration, speakDirectory: speakDir)
        try voice.prepareSpeakDirectory()
        let interactive = !json && isatty(STDIN_FILENO) != 0
        if interactive { write("Say something, like “order soup with Soup Chef”. Ctrl-D ends.\n") }
        while true {
            if interactive {
                write(driver.machine.isIdle ? "\n> " : "> ")
            }
            guard let line = readLine() else { break }
            var events: [ConversationEvent]
            var heard: HeardUtterance?
            if let path = ConverseVoice.audioPath(line) {
                guard let spoken = voice.turn(path: path, driver: &driver) else { continue }
                (events, heard) = (spoken.events, spoken.heard)
                if !json { write("  (heard “\(spoken.heard.text)”, confidence \(String(format: "%.2f", spoken.heard.confidence)))\n") }
            } else {
                events = driver.turn(line)
            }
            for event in events {
                if json {
                    write(event.json(heard: heard) + "\n")
                } else if let text = event.text {
                    write("Parley: \(text)\n")
                } else if case .recognized(let app, let intent, _, _) = event, interactive {
                    write("  (\(app) · \(intent))\n")
                }
                if let text = event.text { voice.speak(text) }
            }
        }
    }

    /// Writes at once (unbuffered), so a peer on a pipe sees each event as it happens.
    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    private func day() throws -> CalendarDay {
        if let today {
            let parts = today.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 3 else { throw ValidationError("--today takes YYYY-MM-DD") }
            return CalendarDay(year: parts[0], month: parts[1], day: parts[2])
        }
        let now = Calendar(identifier: .gregorian).dateComponents([.year, .month, .day], from: Date())
        return CalendarDay(year: now.year ?? 2026, month: now.month ?? 1, day: now.day ?? 1)
    }
}
