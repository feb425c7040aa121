import Foundation
import ParleyGrammar
import ParleyProcess
import ParleySpeech
import ParleyTable

/// The repository's shipped phrase tables and the shared corpus beside the checkout.
enum ShippedTables {
    /// The repository root (two folders above this file's folder).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func compiled() throws -> CompiledTable {
        let loaded = try PhraseTableLoader.load(paths: [root.appendingPathComponent("phrases").path])
        return PhraseCompiler.compile(loaded.table)
    }

    /// `../shared/corpus` beside the checkout, when present.
    static var corpus: String? {
        let path = root.deletingLastPathComponent().appendingPathComponent("shared/corpus").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}

/// eSpeak NG audio made in a process of its own (the `espeak-ng` command), so a sentence always
/// sounds the same: in this process eSpeak NG's pitch flutter and noise carry on from whatever
/// other tests synthesized before, which moves a few borderline results from run to run.
enum FreshSpeech {
    /// `text` as 16 kHz mono recognizer audio.
    static func recognizerAudio(_ text: String, voice: String, wordsPerMinute: Int) throws -> PCMAudio {
        let run = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/espeak-ng"),
                                       arguments: ["-v", voice, "-s", String(wordsPerMinute), "--stdout", text])
        return try AudioConverter.recognizerAudio(WAVCodec.decode(run.output))
    }
}
