import ParleyCheck
import ParleyGrammar
import ParleyTable
import Testing

@Suite("parley check applies its rules to intent sentences")
struct SentenceCheckTests {
    @Test func badSentencesAreReportedAtTheirPlaces() throws {
        let report = try PhraseChecker.check(paths: [fixture("sentences/bad")])
        let found = report.findings.map { "\($0.rule)@\($0.location.line):\($0.location.column)" }.sorted()
        #expect(found == [
            "collision@23:9", "open-slot@17:21", "syntax@15:25", "too-many-parameters@18:27", "unknown-reference@16:25",
        ], "\(report.human())")
        let collision = try #require(report.findings.first { $0.rule == "collision" })
        #expect(collision.example == "brew tea with tea brewer")
        #expect(collision.message.contains("a sentence of Tea Brewer ‘BrewTea’"))
        #expect(collision.locations.map(\.line).sorted() == [19, 23])
    }

    @Test func goodSentencesAreCleanAndFillSeveralValues() throws {
        let report = try PhraseChecker.check(paths: [fixture("sentences/good")])
        #expect(report.findings.isEmpty, "\(report.human())")
        let compiled = PhraseCompiler.compile(try PhraseTableLoader.load(paths: [fixture("sentences/good")]).table)
        #expect(compiled.sentences.count == 3)
        let match = try #require(PhraseMatcher(compiled).match("brew 2 cups of black tea on tea brewer").first)
        #expect(match.parameters.map(\.name) == ["cups", "tea"])
        #expect(match.parameters.map(\.value) == [.integer(2), .caseID("black")])
    }
}
