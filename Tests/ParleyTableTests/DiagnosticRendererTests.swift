import Foundation
import Testing
import ParleyTable

/// A fresh temporary folder, removed by `remove()`.
private struct TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("parley-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let file = "\(path)/\(name)"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

@Suite("Diagnostic renderer")
struct DiagnosticRendererTests {
    @Test func rendersYAMLTrapWithCaretAndHelp() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let text = """
            app:
              name: Soup Chef
            shortcuts:
              - intent: Order
                phrases:
                  - {app} order soup

            """
        let file = try folder.write("soup.yaml", text)
        let (table, diagnostics) = try PhraseTableLoader.load(paths: [file])
        #expect(table.apps.isEmpty)
        let diagnostic = try #require(diagnostics.first)
        var renderer = DiagnosticRenderer()
        #expect(renderer.render(diagnostic) == """
            \(file):6:15: error[syntax]: YAML does not parse: while parsing a block collection, did not find expected '-' indicator
              |       - {app} order soup
              |               ^
              help: quote a template that starts with ‘{’, ‘[’ or ‘(’: - "{app} order soup"

            """)
    }

    @Test func rendersSchemaErrorUnderTheKey() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write("x.yaml", "app:\n  name: X\n  colour: red\n")
        let (_, diagnostics) = try PhraseTableLoader.load(paths: [folder.path])
        #expect(diagnostics.count == 1)
        var renderer = DiagnosticRenderer()
        #expect(diagnostics.map { renderer.render($0) } == ["""
            \(file):3:3: error[schema]: unknown key ‘colour’ in app
              |   colour: red
              |   ^
              help: use one of: name, synonyms, handler

            """])
    }

    @Test func rendersExampleRelatedPlacesAndHelpInOrder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Tabs are kept in the caret line so the caret lines up; columns count scalars (é is one).
        let file = try folder.write("a.yaml", "first line\n\tcafé {app} x\nthird\n")
        let other = try folder.write("b.yaml", "  - Order soup with {app}\n")
        let diagnostic = Diagnostic(
            rule: "collision", severity: .warning, message: "two shortcuts share an utterance",
            at: ParleyTable.SourceLocation(file: file, line: 2, column: 7),
            related: [ParleyTable.SourceLocation(file: other, line: 1, column: 5),
                      ParleyTable.SourceLocation(file: file, line: 2, column: 7)],
            example: "order soup with x", help: "reword one of them")
        var renderer = DiagnosticRenderer()
        #expect(renderer.render(diagnostic) == """
            \(file):2:7: warning[collision]: two shortcuts share an utterance
              | \tcafé {app} x
              | \t     ^
              example: “order soup with x”
              also at \(other):1:5:
                |   - Order soup with {app}
                |     ^
              help: reword one of them

            """)
    }

    @Test func windowsLineEndingsRenderLikeUnixOnes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write("crlf.yaml", "app:\r\n  name: X\r\n  colour: red\r\n")
        let (_, diagnostics) = try PhraseTableLoader.load(paths: [file])
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.location == ParleyTable.SourceLocation(file: file, line: 3, column: 3))
        var renderer = DiagnosticRenderer()
        #expect(renderer.render(diagnostic) == """
            \(file):3:3: error[schema]: unknown key ‘colour’ in app
              |   colour: red
              |   ^
              help: use one of: name, synonyms, handler

            """)
    }

    @Test func windowsLineEndingsStillGetTheQuotingHelp() throws {
        let text = "app:\r\n  name: X\r\nshortcuts:\r\n  - intent: Order\r\n    phrases:\r\n      - {app} order soup\r\n"
        let diagnostic = try #require(PhraseTableLoader.loadApp(file: "t.yaml", text: text).diagnostics.first)
        #expect(diagnostic.location.line == 6)
        #expect(diagnostic.help == "quote a template that starts with ‘{’, ‘[’ or ‘(’: - \"{app} order soup\"")
    }

    @Test func leavesOutTheExcerptWhenTheSourceCannotBeShown() {
        var renderer = DiagnosticRenderer()
        let missing = Diagnostic(rule: "syntax", severity: .error, message: "broken",
                                 at: ParleyTable.SourceLocation(file: "/nonexistent/parley/t.yaml", line: 1, column: 1), help: "fix it")
        #expect(renderer.render(missing) == "/nonexistent/parley/t.yaml:1:1: error[syntax]: broken\n  help: fix it\n")
    }

    @Test func leavesOutTheExcerptForALineOutsideTheFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write("t.yaml", "one line\n")
        var renderer = DiagnosticRenderer()
        let beyond = Diagnostic(rule: "schema", severity: .error, message: "m", at: ParleyTable.SourceLocation(file: file, line: 5, column: 1))
        #expect(renderer.render(beyond) == "\(file):5:1: error[schema]: m\n")
    }

    @Test func folderLoadReadsEveryYAMLFileInNameOrder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.write("b.yaml", "app: {name: Bee}\n")
        _ = try folder.write("a.yaml", "app: {name: Ay}\n")
        _ = try folder.write("notes.txt", "app: {name: Not a table}\n")
        let (table, diagnostics) = try PhraseTableLoader.load(paths: [folder.path + "/"])
        #expect(diagnostics.isEmpty)
        #expect(table.apps.map(\.name.value) == ["Ay", "Bee"])
        #expect(table.apps.map(\.file) == ["\(folder.path)/a.yaml", "\(folder.path)/b.yaml"])
    }

    @Test func missingPathIsAReadError() {
        #expect {
            try PhraseTableLoader.load(paths: ["/nonexistent/parley-tables"])
        } throws: { error in
            (error as? PhraseTableReadError)?.description == "/nonexistent/parley-tables: no such file or folder"
        }
    }
}
