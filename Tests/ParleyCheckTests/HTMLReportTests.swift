import ParleyCheck
import ParleyTable
import Testing

@Suite("parley check --format html")
struct HTMLReportTests {
    @Test func findingsArePerFileAndEscaped() throws {
        let report = try PhraseChecker.check(paths: [fixture("collision/bad")])
        let html = HTMLReport.render(report)
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(html.contains("<code>collision</code>"))
        #expect(html.contains("example: “start timer with tea timer”"))
        #expect(!html.contains("<script"))
        let weird = CheckReport(findings: [Diagnostic(rule: "title-style", severity: .warning, message: "a <b> & \"c\"",
                                                      at: SourceLocation(file: "x.yaml", line: 1, column: 1))])
        #expect(HTMLReport.render(weird).contains("a &lt;b&gt; &amp; &quot;c&quot;"))
    }

    @Test func theConfusionMatrixIsAHeatMap() {
        var matrix = ConfusionMatrix(app: "Soup Chef", labels: ["Order soup", "Order soup for pickup or delivery"])
        for _ in 0..<9 { matrix.record(expected: 0, heard: 0) }
        matrix.record(expected: 0, heard: 1)
        matrix.record(expected: 1, heard: nil)
        #expect(matrix.accuracy(of: 0) == 0.9)
        #expect(matrix.accuracy(of: 1) == 0)
        let html = HTMLReport.render(CheckReport(findings: []), matrices: [matrix])
        #expect(html.components(separatedBy: "<rect ").count - 1 == 2 * 3)
        #expect(html.contains("said “Order soup”, heard “Order soup for pickup or delivery”: 1 of 10"))
        #expect(html.contains("said “Order soup for pickup or delivery”, heard “(nothing / other app)”: 1 of 1"))
    }
}
