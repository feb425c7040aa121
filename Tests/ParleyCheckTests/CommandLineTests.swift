import Foundation
import ParleyProcess
import Testing

/// Runs the built `parley` executable (it sits beside the test bundle) and returns its exit
/// status and standard output.
func runParley(_ arguments: [String], input: String? = nil) throws -> (status: Int32, output: String) {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("parley")
    let candidates = [executable, packageRoot.appendingPathComponent(".build/debug/parley")]
    let binary = try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) })
    let run = try ChildProcess.run(binary, arguments: arguments, directory: packageRoot, input: Data((input ?? "").utf8))
    return (run.status, String(decoding: run.output, as: UTF8.self))
}

@Suite("parley on the command line")
struct CommandLineTests {
    @Test func checkExitCodes() throws {
        #expect(try runParley(["check", "phrases"]).status == 0)
        #expect(try runParley(["check", fixture("collision/bad")]).status == 1)
        #expect(try runParley(["check", fixture("long-list/bad")]).status == 0)
        #expect(try runParley(["check", "--strict", fixture("long-list/bad")]).status == 1)
        #expect(try runParley(["check", "/nonexistent"]).status == 2)
        #expect(try runParley(["check", "--no-such-option"]).status == 2)
    }

    @Test func checkJSONGoesToStandardOutput() throws {
        let run = try runParley(["check", "--format", "json", fixture("collision/bad")])
        let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        #expect((object?["errors"] as? Int ?? 0) > 0)
    }

    @Test func matchReadsUtterancesFromStandardInput() throws {
        let run = try runParley(["match", "--json"], input: "order chowder with soup chef\nnothing like a shortcut\n")
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == 2)
        let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        let matches = first?["matches"] as? [[String: Any]]
        #expect(matches?.first?["app"] as? String == "Soup Chef")
        #expect((matches?.first?["parameters"] as? [String: Any])?["soup"] as? String == "clam_chowder")
        let second = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any]
        #expect((second?["matches"] as? [Any])?.isEmpty == true)
    }

    @Test func matchOfOneUtteranceExitsOneWhenNothingMatches() throws {
        #expect(try runParley(["match", "order soup with soup chef"]).status == 0)
        #expect(try runParley(["match", "sing a song"]).status == 1)
    }
}
