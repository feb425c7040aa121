import ParleyGrammar
import ParleyTable

/// `reserved-phrase`: a phrase that takes over what the system itself answers. A phrase is
/// reserved when, with the app's name left out, some expansion is exactly a system command
/// (“cancel”, “stop”, “never mind”, “repeat”, “help”, “what can I say”, “yes”, “no”), or when
/// some expansion contains an emergency call or the wake phrase anywhere.
enum ReservedPhraseRule {
    static let commands = ["cancel", "stop", "never mind", "repeat", "help", "what can I say", "yes", "no"]
    static let emergencies = ["call 911", "call 112", "call 999"]

    static func check(_ compiled: CompiledTable, wakePhrase: String) -> [Diagnostic] {
        // Phrases can only spell words the vocabulary has; a reserved phrase with a word outside
        // it cannot be said by any phrase.
        let exact = commands.compactMap { text in compiled.ids(TextNormalizer.tokens(text)).map { (text, $0) } }
        let anywhere = (emergencies + [wakePhrase]).compactMap { text in
            compiled.ids(TextNormalizer.tokens(text)).flatMap { $0.isEmpty ? nil : (text, $0) }
        }
        var findings: [Diagnostic] = []
        for phrase in compiled.phrases {
            let slotForms = phrase.slots.flatMap { compiled.domainForms[$0].flatMap { $0 } }
            let appForms = compiled.appForms[compiled.shortcuts[phrase.shortcut].app]
            for (text, tokens) in exact where phrase.graph.reads(tokens, anywhere: false, appForms: nil, slotForms: slotForms) {
                findings.append(Diagnostic(
                    rule: Rule.reservedPhrase, severity: .error,
                    message: "with the app name left out, the phrase says “\(text)”, which Parley answers itself at every question",
                    at: phrase.location, example: text,
                    help: "add words that say what the shortcut does"))
            }
            for (text, tokens) in anywhere where phrase.graph.reads(tokens, anywhere: true, appForms: appForms, slotForms: slotForms) {
                let what = text == wakePhrase ? "the wake phrase" : "an emergency call"
                findings.append(Diagnostic(
                    rule: Rule.reservedPhrase, severity: .error,
                    message: "the phrase can say “\(text)”, \(what)",
                    at: phrase.location, example: text,
                    help: "remove “\(text)” from the phrase and from the values it can say"))
            }
        }
        return findings
    }
}
