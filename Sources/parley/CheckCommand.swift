import ArgumentParser
import Foundation
import ParleyAcoustic
import ParleyCheck
import ParleyGrammar
import ParleySpeech
import ParleyTable

/// `parley check`: every finding of `check.md` about phrase tables, with exit codes 0/1/2.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report what phrase tables get wrong: collisions, clashes, references, style.",
        discussion: "Exit status: 0 no errors, 1 errors (or warnings with --strict), 2 could not run."
    )

    enum Format: String, ExpressibleByArgument {
        case human, json, html
    }

    @Argument(help: "Phrase-table files or folders (default: phrases).")
    var paths: [String] = []

    @Option(name: .long, help: "Output format: human, json or html.")
    var format: Format = .human

    @Flag(name: .long, help: "Count warnings as errors.")
    var strict = false

    @Option(name: .long, help: "The wake phrase no shortcut may contain.")
    var wakePhrase = "hey parley"

    @Flag(name: .long, help: "Also synthesize every phrase and decode it through the real grammar (acoustic-confusion).")
    var acoustic = false

    @Option(name: .long, help: "With --acoustic: decoders working in parallel.")
    var jobs = 2

    @Option(name: .long, help: "With --acoustic: the seed for sampled values and noise.")
    var seed: UInt64 = 1

    @Option(name: .long, help: "With --acoustic: white noise at this SNR in dB (none: clean).")
    var noiseDb: String = "20"

    @Flag(name: .long, help: "Skip sound-alike (it needs the speech model's dictionary).")
    var noSoundAlike = false

    mutating func validate() throws {
        if paths.isEmpty { paths = [PhraseTableLoader.defaultFolder] }
    }

    func run() throws {
        let loaded: (table: PhraseTable, diagnostics: [Diagnostic])
        do {
            loaded = try PhraseTableLoader.load(paths: paths)
        } catch {
            FileHandle.standardError.write(Data("parley check: \(error)\n".utf8))
            throw ExitCode(2)
        }
        let compiled = PhraseCompiler.compile(loaded.table)
        var phonetics: RecognizerPhonetics?
        if !noSoundAlike {
            do {
                phonetics = RecognizerPhonetics(recognizer: try Recognizer(warmUp: false))
            } catch {
                FileHandle.standardError.write(Data("parley check: sound-alike skipped: \(error)\n".utf8))
            }
        }
        var report = PhraseChecker.check(compiled, readFindings: loaded.diagnostics,
                                         options: CheckOptions(wakePhrase: wakePhrase), transcriber: phonetics)
        var matrices: [ConfusionMatrix] = []
        if acoustic {
            let noise = noiseDb == "none" ? nil : Double(noiseDb)
            let options = AcousticOptions(noiseDecibels: noise, seed: seed, jobs: max(1, jobs))
            let bar = ProgressBar()
            do {
                let result = try AcousticCheck.run(compiled, options: options, renderer: ESpeakRendering(),
                                                   makeHearer: { GrammarHearing(transcriber: try SpeechTranscriber(compiled)) },
                                                   progress: bar.show)
                report = CheckReport(findings: report.findings + result.findings)
                matrices = result.matrices
                FileHandle.standardError.write(Data("parley check: \(result.right) of \(result.trials) renderings heard right (synthesis \(Int(result.renderSeconds)) s, decoding \(Int(result.hearSeconds)) s)\n".utf8))
            } catch {
                FileHandle.standardError.write(Data("parley check: --acoustic could not run: \(error)\n".utf8))
                throw ExitCode(2)
            }
        }
        switch format {
        case .human: print(report.human(), terminator: "")
        case .json: print(report.json(), terminator: "")
        case .html: print(HTMLReport.render(report, matrices: matrices), terminator: "")
        }
        let code = report.exitCode(strict: strict)
        if code != 0 { throw ExitCode(code) }
    }
}
