import Foundation
import ParleyCheck
import ParleyGrammar
import ParleyTable
import Testing

/// The package's root folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

@Suite("The shipped phrase tables")
struct ShippedTableTests {
    let folder = packageRoot.appendingPathComponent("phrases").path

    @Test func theyCheckWithNoErrorsOrWarnings() throws {
        let report = try PhraseChecker.check(paths: [folder])
        #expect(report.findings.isEmpty, "\(report.human())")
    }

    @Test func everyShortcutHasAPhraseThatMatchesIt() throws {
        let loaded = try PhraseTableLoader.load(paths: [folder])
        let compiled = PhraseCompiler.compile(loaded.table)
        #expect(compiled.shortcuts.filter { !$0.isSentence }.count == loaded.table.apps.reduce(0) { $0 + $1.shortcuts.count })
        // The shortest utterance reaching each accepting state is matched back to that state's phrases.
        let matcher = PhraseMatcher(compiled)
        for state in compiled.automaton.acceptingStates {
            let utterance = compiled.text(compiled.automaton.shortestPath(to: state))
            let matches = matcher.match(utterance)
            #expect(matches.count == 1, "\(utterance)")
        }
    }

    @Test func soupChefSampleUtterances() throws {
        let compiled = PhraseCompiler.compile(try PhraseTableLoader.load(paths: [folder]).table)
        let matcher = PhraseMatcher(compiled)
        let chowder = try #require(matcher.match("Order chowder with Soup Chef").first)
        #expect(chowder.app == "Soup Chef" && chowder.intent == "OrderSoup")
        #expect(chowder.spoken?.value == .caseID("clam_chowder"))
        let takeOut = try #require(matcher.match("order take out from soupchef").first)
        #expect(takeOut.parameters.map(\.name) == ["orderType"])
        #expect(takeOut.spoken?.value == .caseID("pickup"))
        #expect(matcher.match("order pizza with soup chef").isEmpty)
    }
}
