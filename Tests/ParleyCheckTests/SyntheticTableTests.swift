import Foundation
import ParleyBench
import ParleyCheck
import ParleyGrammar
import ParleyTable
import Testing

/// The benchmark's synthetic tables: the same for a seed, valid, collision-free enough that
/// every sampled utterance starts the shortcut it was made from. Small tables: speed is the
/// benchmark's business, not the tests'.
@Suite struct SyntheticTableTests {
    private func temporaryFolder() -> String {
        NSTemporaryDirectory() + "parley-synthetic-\(UUID().uuidString)"
    }

    private func loadGenerated(apps: Int, seed: UInt64) throws -> (table: PhraseTable, diagnostics: [Diagnostic], folder: String) {
        let folder = temporaryFolder()
        try SyntheticTableGenerator(apps: apps, seed: seed).write(to: folder)
        let loaded = try PhraseTableLoader.load(paths: [folder])
        return (loaded.table, loaded.diagnostics, folder)
    }

    @Test func sameSeedGivesTheSameFiles() {
        let first = SyntheticTableGenerator(apps: 5, seed: 7).files()
        #expect(first.count == 5)
        #expect(first == SyntheticTableGenerator(apps: 5, seed: 7).files())
        #expect(first != SyntheticTableGenerator(apps: 5, seed: 8).files())
    }

    @Test func samplingIsDeterministicForASeed() throws {
        let (table, _, folder) = try loadGenerated(apps: 3, seed: 11)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var first = UtteranceSampler(table: table, seed: 5)
        var second = UtteranceSampler(table: table, seed: 5)
        for _ in 0..<50 { #expect(first.next()?.text == second.next()?.text) }
    }

    @Test func filesLoadAndCompileWithoutFindings() throws {
        let (table, diagnostics, folder) = try loadGenerated(apps: 5, seed: 1)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        #expect(table.apps.count == 5)
        let compiled = PhraseCompiler.compile(table)
        #expect(compiled.diagnostics.isEmpty, "\(compiled.diagnostics.map(\.message))")

        var phrasesPerShortcut = 0
        for app in table.apps {
            #expect(app.shortcuts.count == SyntheticTableGenerator.shortcutsPerApp)
            #expect((2...4).contains(app.intents.count))
            #expect((1...3).contains(app.types.count))
            #expect(app.intents.contains { $0.parameters.contains { $0.condition != nil } })
            for shortcut in app.shortcuts {
                #expect((1...3).contains(shortcut.phrases.count))
                phrasesPerShortcut += shortcut.phrases.count
            }
        }
        #expect(compiled.phrases.count == phrasesPerShortcut)
        for phrase in compiled.phrases {
            #expect(phrase.graph.longestWordCount <= 3, "\(phrase.template.source)")
            #expect(phrase.template.placeholders.filter { $0.name != "app" }.count <= 1)
        }
    }

    @Test func checkFindsNothingInAGeneratedTable() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try SyntheticTableGenerator(apps: 8, seed: 4).write(to: folder)
        let report = try PhraseChecker.check(paths: [folder])
        #expect(report.findings.isEmpty, "\(report.findings.map { "\($0.rule): \($0.message)" })")
    }

    @Test func appNamesAreSingleMadeUpWordsUsedOnce() {
        var seen: Set<String> = []
        let files = SyntheticTableGenerator(apps: 300, seed: 3).files()
        for file in files {
            let (app, diagnostics) = PhraseTableLoader.loadApp(file: file.name, text: file.text)
            #expect(diagnostics.isEmpty)
            for name in app?.spokenNames ?? [] {
                let tokens = TextNormalizer.tokens(name.value)
                #expect(tokens.count == 1)
                #expect(seen.insert(tokens.joined()).inserted, "\(name.value) is used twice")
                #expect(!SyntheticWords.reservedForNames.contains(tokens.joined()))
            }
        }
    }

    @Test func wordPoolsAreDisjoint() {
        let pools: [[String]] = [
            Array(SyntheticWords.verbGroups.joined()), SyntheticWords.nouns, SyntheticWords.optionalWords,
            SyntheticWords.connectors, SyntheticWords.valueWords,
            SyntheticWords.optionFirstWords + SyntheticWords.optionSecondWords,
        ]
        var owner: [String: Int] = [:]
        for (index, pool) in pools.enumerated() {
            for word in pool {
                #expect(TextNormalizer.tokens(word) == [word], "\(word) does not normalize to itself")
                if let other = owner[word], other != index { Issue.record("‘\(word)’ is in pools \(other) and \(index)") }
                owner[word] = index
            }
        }
    }

    @Test func sampledUtterancesStartTheShortcutTheyCameFrom() throws {
        let (table, _, folder) = try loadGenerated(apps: 5, seed: 2)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let matcher = PhraseMatcher(PhraseCompiler.compile(table))
        var sampler = UtteranceSampler(table: table, seed: 9)
        #expect(sampler.phraseCount > 0)
        for kind in [SampledUtterance.Kind.plain, .filler] {
            for _ in 0..<(kind == .plain ? 400 : 100) {
                guard let sample = sampler.next(kind) else {
                    Issue.record("no utterance sampled")
                    return
                }
                let matches = matcher.match(sample.text)
                #expect(sample.isAnswered(by: matches),
                        "“\(sample.text)” (app \(sample.app), shortcut \(sample.shortcut)) → \(matches.map { "\($0.app)#\($0.shortcutIndex)" })")
            }
        }
    }

    @Test func writingRefusesAFolderOfOtherTables() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "app: {name: Soup Chef}\n".write(toFile: folder + "/soup.yaml", atomically: false, encoding: .utf8)
        #expect(throws: SyntheticTableGenerator.GeneratorError.self) {
            try SyntheticTableGenerator(apps: 2, seed: 1).write(to: folder)
        }
        #expect(FileManager.default.fileExists(atPath: folder + "/soup.yaml"))
    }

    @Test func rewritingAGeneratedFolderReplacesItsTables() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try SyntheticTableGenerator(apps: 4, seed: 1).write(to: folder)
        try SyntheticTableGenerator(apps: 2, seed: 1).write(to: folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yaml") }
        #expect(names.count == 2)
    }
}
