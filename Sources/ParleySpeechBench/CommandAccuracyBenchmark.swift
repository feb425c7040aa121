import Foundation
import ParleyDialogue
import ParleyGrammar
import ParleyRuntime
import ParleySpeech
import ParleySpokenDialogue

/// The command-accuracy benchmark on real recordings (the coffee corpus): each command starts a
/// conversation by text (“order coffee with Coffee Maker” asks “What would you like?”), the
/// recording answers that question exactly as `parley converse` takes `@file.wav` (decoded with
/// the question's answer grammar, fed to the dialogue with its confidence), and the dialogue's
/// events are scored against the labels (`CommandScore`).
public struct CommandAccuracyBenchmark {
    public enum SetupError: Error, CustomStringConvertible {
        case openingAsksNothing(String)

        public var description: String {
            switch self {
            case .openingAsksNothing(let text): "“\(text)” does not start a conversation that asks a question"
            }
        }
    }

    public let compiled: CompiledTable
    public let listener: TurnRecognizer
    /// The typed turn that starts each command's conversation.
    public let opening: String
    public var options: DialogueOptions

    public init(compiled: CompiledTable, listener: TurnRecognizer, opening: String, options: DialogueOptions = DialogueOptions()) {
        self.compiled = compiled
        self.listener = listener
        self.opening = opening
        self.options = options
    }

    /// Runs `command` with `audio` (16 kHz mono, noise already mixed in) as the answer.
    public func run(_ command: LabelledCommand, audio: PCMAudio) throws -> CommandTrial {
        var driver = ConversationDriver(compiled: compiled, options: options)
        _ = driver.turn(opening)
        guard driver.machine.question != nil, let app = driver.machine.currentApp else {
            throw SetupError.openingAsksNothing(opening)
        }
        let began = DispatchTime.now()
        let spoken = try driver.turn(audio: audio, listener: listener)
        let turnSeconds = Double(DispatchTime.now().uptimeNanoseconds - began.uptimeNanoseconds) / 1e9
        driver.end()
        return CommandTrial(
            command: command, recognition: spoken.recognition, events: spoken.events,
            outcome: CommandScore.judge(spoken.events, expected: command, app: app), audioSeconds: audio.seconds,
            grammarSeconds: listener.recognizer.lastGrammarSeconds, phoneLoopSeconds: listener.recognizer.lastPhoneLoopSeconds,
            turnSeconds: turnSeconds)
    }
}
