import Foundation
import ParleyProcess
import ParleySpeech
import Testing

/// `parley converse` with `@file.wav` turns and `--speak-dir`, run as a process.
@Suite struct ConverseCommandTests {
    @Test func spokenTurnsCarryHeardAndRepliesAreWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("converse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let voice = SpeechSynthesizer(voice: "en-us+m3", wordsPerMinute: 160)
        for (name, text) in [("shortcut", "order soup with soup chef"), ("answer", "clam chowder")] {
            try WAVCodec.write(voice.synthesize(text).wav, to: folder.appendingPathComponent("\(name).wav").path)
        }
        let replies = folder.appendingPathComponent("replies").path
        let input = "@\(folder.path)/shortcut.wav\n@ \(folder.path)/answer.wav\ncancel\n"
        let run = try runParley(["converse", "--json", "--phrases", "phrases", "--speak-dir", replies], input: input)
        #expect(run.status == 0)
        let objects = try run.output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["event"] as? String } == ["recognized", "ask", "ask", "cancelled"])
        let heard = objects.map { ($0["heard"] as? [String: Any])?["text"] as? String }
        #expect(heard[0]?.hasPrefix("order soup with soup") == true)  // “soup chef” or its spoken form “soupchef”
        #expect(heard[1] == heard[0] && heard[2] == "clam chowder" && heard[3] == nil)
        #expect(objects[2]["parameter"] as? String == "store")
        #expect(((objects[0]["heard"] as? [String: Any])?["confidence"] as? Double ?? 0) > 0.5)
        // Three replies were spoken (recognized says nothing): numbered WAVs of eSpeak NG's audio.
        let files = try FileManager.default.contentsOfDirectory(atPath: replies).sorted()
        #expect(files == ["0001.wav", "0002.wav", "0003.wav"])
        let reply = try WAVCodec.read(path: replies + "/0001.wav")
        #expect(reply.frameCount > reply.sampleRate / 2)
    }

    @Test func anUnreadableFileIsReportedAndSkipped() throws {
        let run = try runParley(["converse", "--json", "--phrases", "phrases"], input: "@/nonexistent.wav\norder soup with soup chef\n")
        #expect(run.status == 0)
        #expect(run.output.split(separator: "\n").first?.contains("\"recognized\"") == true)
        #expect(run.error.contains("/nonexistent.wav"))
    }
}

/// Runs the built `parley` executable (beside the test bundle, or in .build/debug) in the
/// repository root; returns its status, standard output and standard error.
func runParley(_ arguments: [String], input: String) throws -> (status: Int32, output: String, error: String) {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("parley")
    let candidates = [beside, Repository.root.appendingPathComponent(".build/debug/parley")]
    let binary = try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) })
    let run = try ChildProcess.run(binary, arguments: arguments, directory: Repository.root, input: Data(input.utf8))
    return (run.status, String(decoding: run.output, as: UTF8.self), String(decoding: run.error, as: UTF8.self))
}
