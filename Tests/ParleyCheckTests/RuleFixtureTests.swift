import Foundation
import ParleyCheck
import ParleyGrammar
import ParleyTable
import Testing

/// The folder of rule fixtures: `Fixtures/<rule>/bad` triggers the rule, `good` is clean.
func fixture(_ path: String) throws -> String {
    let base = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
    return base.appendingPathComponent(path).path
}

let ruleIDs = [
    "syntax", "schema", "unknown-reference", "missing-app-name", "too-many-parameters", "open-slot",
    "too-many-shortcuts", "collision", "name-clash", "value-clash", "reserved-phrase", "phrase-length",
    "title-style", "long-list", "unfilled-output",
]

@Suite("Every rule: a table that triggers it and one that must not")
struct RuleFixtureTests {
    @Test(arguments: ruleIDs)
    func badTableTriggersTheRule(rule: String) throws {
        let report = try PhraseChecker.check(paths: [fixture("\(rule)/bad")])
        let found = report.findings.filter { $0.rule == rule }
        #expect(!found.isEmpty, "no \(rule) finding in \(report.findings.map(\.rule))")
        for finding in found {
            #expect(finding.location.line >= 1 && finding.location.column >= 1)
            #expect(finding.location.file.hasSuffix(".yaml"))
        }
    }

    @Test(arguments: ruleIDs)
    func goodTableIsClean(rule: String) throws {
        let report = try PhraseChecker.check(paths: [fixture("\(rule)/good")])
        #expect(report.findings.isEmpty, "\(report.findings.map { "\($0.rule): \($0.message)" })")
        #expect(report.exitCode(strict: true) == 0)
    }
}

@Suite("Findings say where and show an example")
struct FindingDetailTests {
    @Test func collisionBetweenShortcutsNamesBothPhrasesAndAnExample() throws {
        let report = try PhraseChecker.check(paths: [fixture("collision/bad/tea-timer.yaml")])
        let collision = try #require(report.findings.first { $0.rule == "collision" })
        #expect(collision.severity == .error)
        #expect(collision.example == "start timer with tea timer")
        #expect(collision.locations.map { "\($0.line):\($0.column)" } == ["11:9", "14:9"])
        #expect(collision.message.contains("starts 2 shortcuts"))
    }

    @Test func oneShortcutWithTwoValuesIsACollision() throws {
        let report = try PhraseChecker.check(paths: [fixture("collision/bad/tea-brewer.yaml")])
        let collision = try #require(report.findings.first { $0.rule == "collision" })
        #expect(collision.example == "brew green tea with tea brewer")
        #expect(collision.message.contains("green, green_tea"))
    }

    @Test func aSynonymSharedByTwoCasesIsAValueClashNotACollision() throws {
        let report = try PhraseChecker.check(paths: [fixture("value-clash/bad")])
        #expect(report.findings.map(\.rule) == ["value-clash"])
        #expect(report.findings.first?.severity == .warning)
        #expect(report.findings.first?.locations.count == 2)
    }

    @Test func nameClashFindsContainmentAndSynonyms() throws {
        let report = try PhraseChecker.check(paths: [fixture("name-clash/bad")])
        let messages = report.findings.filter { $0.rule == "name-clash" }.map(\.message).sorted()
        #expect(messages == [
            "“Brew Buddy” is also a name of Tea Time",
            "“Soul Food Express” contains “Soul Food”, a name of Soul Food",
        ])
    }

    @Test func reservedPhrasesCoverCommandsEmergencyAndWakePhrase() throws {
        let report = try PhraseChecker.check(paths: [fixture("reserved-phrase/bad")])
        #expect(report.findings.compactMap(\.example).sorted() == ["call 911", "help", "hey parley"])
        let custom = try PhraseChecker.check(paths: [fixture("reserved-phrase/bad")], options: CheckOptions(wakePhrase: "computer"))
        #expect(custom.findings.compactMap(\.example).sorted() == ["call 911", "help"])
    }

    @Test func templateSyntaxErrorPointsInsideTheLine() throws {
        let report = try PhraseChecker.check(paths: [fixture("syntax/bad/tea-timer.yaml")])
        let finding = try #require(report.findings.first)
        #expect("\(finding.location.line):\(finding.location.column)" == "9:40")
        #expect(finding.message == "unclosed ‘(’")
    }

    @Test func unquotedBraceTemplateGetsQuotingAdvice() throws {
        let report = try PhraseChecker.check(paths: [fixture("syntax/bad/yaml-brace.yaml")])
        let finding = try #require(report.findings.first)
        #expect(finding.rule == "syntax")
        #expect(finding.help?.contains("quote a template") == true)
    }

    @Test func humanFormHasPositionRuleSourceLineAndCaret() throws {
        let report = try PhraseChecker.check(paths: [fixture("missing-app-name/bad")])
        let lines = report.human().split(separator: "\n").map(String.init)
        #expect(lines[0].hasSuffix("tea-timer.yaml:9:9: error[missing-app-name]: the phrase does not name the app"))
        #expect(lines[1] == "  |       - Start a tea timer")
        #expect(lines[2] == "  |         ^")
        #expect(lines.last == "1 error, 0 warnings")
    }

    @Test func jsonShapeMatchesTheContract() throws {
        let report = try PhraseChecker.check(paths: [fixture("collision/bad")])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        #expect(object["errors"] as? Int == report.errors)
        #expect(object["warnings"] as? Int == report.warnings)
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.count == report.findings.count)
        for finding in findings {
            #expect(finding["rule"] is String && finding["severity"] is String && finding["message"] is String)
            let locations = try #require(finding["locations"] as? [[String: Any]])
            #expect(!locations.isEmpty)
            #expect(locations.allSatisfy { $0["file"] is String && $0["line"] is Int && $0["column"] is Int })
        }
        #expect(findings.contains { ($0["example"] as? String) == "start timer with tea timer" })
    }

    @Test func strictCountsWarnings() throws {
        let report = try PhraseChecker.check(paths: [fixture("long-list/bad")])
        #expect(report.errors == 0 && report.warnings == 1)
        #expect(report.exitCode(strict: false) == 0)
        #expect(report.exitCode(strict: true) == 1)
    }

    @Test func anUnreadablePathIsAnErrorNotAFinding() {
        #expect(throws: PhraseTableReadError.self) { try PhraseChecker.check(paths: ["/nonexistent/phrases"]) }
    }
}

@Suite("phrase-length counts the longest expansion through groups")
struct PhraseLengthTests {
    @Test(arguments: [
        ("New [voice] memo in {app}", 4),
        ("(Start | Record) a [new] voice memo with {app}", 6),
        ("Play the latest one now (in | on) {app}", 6),
        ("Order {soup} with {app}", 2),
        ("{app} order [some] soup", 3),
        ("[please] (start | begin [the]) timer [now | right now] with {app}", 7),
    ])
    func longestExpansion(template: String, words: Int) throws {
        var vocabulary = Vocabulary()
        let graph = TemplateGraph(try TemplateParser.parse(template), vocabulary: &vocabulary)
        #expect(graph.longestWordCount == words)
    }
}

@Suite("long-list is about lists that are read aloud")
struct LongListTests {
    @Test func optionalParametersAreNeverAskedSoTheirListsAreNotRead() throws {
        let text = try String(contentsOfFile: fixture("long-list/bad/tea-brewer.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "        type: Tea\n", with: "        type: Tea\n        optional: true\n")
        #expect(text.contains("optional: true"))
        let app = try #require(PhraseTableLoader.loadApp(file: "t.yaml", text: text).app)
        #expect(PhraseChecker.check(PhraseCompiler.compile(PhraseTable(apps: [app]))).findings.isEmpty)
    }
}
