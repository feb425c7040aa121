import ParleyTable

/// Compiles a phrase table into its one automaton. Phrases that cannot be compiled (a template
/// that does not parse, no `{app}`, two slots, an unknown or open slot) are left out and
/// reported; everything else still compiles, so a table with mistakes can be checked whole.
/// Intent `sentences` compile too; those naming `{app}` join the automaton.
public enum PhraseCompiler {
    public static func compile(_ table: PhraseTable) -> CompiledTable {
        var builder = Builder(table: table)
        for appIndex in table.apps.indices { builder.compileApp(appIndex) }
        let automaton = ShortcutAutomaton(builder.nfa)
        return CompiledTable(
            table: table, vocabulary: builder.vocabulary, appForms: builder.appForms, shortcuts: builder.shortcuts,
            phrases: builder.phrases, sentences: builder.sentences, domains: builder.domains, domainForms: builder.domainForms,
            automaton: automaton, diagnostics: builder.diagnostics,
            nfaStateCount: Int(builder.nfa.stateCount), nfaEdgeCount: builder.nfa.edgeCount)
    }

    struct Builder {
        let table: PhraseTable
        var vocabulary = Vocabulary()
        var diagnostics: [Diagnostic] = []
        var shortcuts: [CompiledShortcut] = []
        var phrases: [CompiledPhrase] = []
        var sentences: [CompiledSentence] = []
        var domains: [SlotDomain] = []
        var domainForms: [[[[Int32]]]] = []
        var domainIndex: [String: Int] = [:]
        var nfa = PhraseNFA()
        var appForms: [[[Int32]]] = []

        init(table: PhraseTable) {
            self.table = table
            var vocabulary = Vocabulary()
            appForms = table.apps.map { app in
                app.spokenNames.map { name in TextNormalizer.tokens(name.value).map { vocabulary.intern($0) } }
                    .filter { !$0.isEmpty }
            }
            self.vocabulary = vocabulary
        }

        mutating func error(_ rule: String, _ message: String, _ location: SourceLocation, help: String? = nil) {
            diagnostics.append(Diagnostic(rule: rule, severity: .error, message: message, at: location, help: help))
        }

        mutating func compileApp(_ appIndex: Int) {
            let app = table.apps[appIndex]
            for (shortcutIndex, shortcut) in app.shortcuts.enumerated() {
                guard let intent = app.intent(withID: shortcut.intent.value) else {
                    error(Rule.unknownReference, "no intent ‘\(shortcut.intent.value)’ in \(app.name.value)", shortcut.intent.location,
                          help: "use one of: \(app.intents.map(\.id).joined(separator: ", "))")
                    continue
                }
                let presets = compilePresets(shortcut, intent: intent, app: app)
                let compiledShortcut = shortcuts.count
                shortcuts.append(CompiledShortcut(
                    app: appIndex, index: shortcutIndex, intent: intent.id,
                    title: shortcut.title?.value ?? intent.title?.value ?? intent.id,
                    presets: presets, location: shortcut.location))
                for phrase in shortcut.phrases {
                    guard let (template, graph, slots) = compileTemplate(phrase, app: appIndex, intent: intent, sentence: false) else { continue }
                    addPhrase(CompiledPhrase(shortcut: compiledShortcut, location: phrase.location, template: template,
                                             graph: graph, slots: slots))
                }
            }
            for intent in app.intents {
                for sentence in intent.sentences {
                    guard let (template, graph, slots) = compileTemplate(sentence, app: appIndex, intent: intent, sentence: true) else { continue }
                    var phrase: Int?
                    if template.placeholders.contains(where: { $0.name == "app" }) {
                        phrase = phrases.count
                        shortcuts.append(CompiledShortcut(app: appIndex, index: -1, intent: intent.id, title: intent.title?.value ?? intent.id,
                                                          presets: [], location: sentence.location, isSentence: true))
                        addPhrase(CompiledPhrase(shortcut: shortcuts.count - 1, location: sentence.location, template: template,
                                                 graph: graph, slots: slots))
                    }
                    sentences.append(CompiledSentence(app: appIndex, intent: intent.id, location: sentence.location, graph: graph,
                                                      slots: slots, phrase: phrase))
                }
            }
        }

        mutating func addPhrase(_ phrase: CompiledPhrase) {
            let index = Int32(phrases.count)
            phrases.append(phrase)
            nfa.addPhrase(index, graph: phrase.graph, appForms: appForms[shortcuts[phrase.shortcut].app],
                          slotValues: phrase.slots.map { domainForms[$0] })
        }

        mutating func compilePresets(_ shortcut: Shortcut, intent: Intent, app: App) -> [(String, ParameterValue)] {
            var presets: [(String, ParameterValue)] = []
            for (name, value) in shortcut.presets {
                guard let parameter = intent.parameter(named: name.value) else {
                    error(Rule.unknownReference, "intent ‘\(intent.id)’ has no parameter ‘\(name.value)’", name.location)
                    continue
                }
                guard let parsed = ParameterValue.parse(value.value, for: parameter, in: app) else {
                    error(Rule.unknownReference, "‘\(value.value)’ is not a valid value of ‘\(name.value)’", value.location,
                          help: "use one of the values of \(parameter.type.value)")
                    continue
                }
                presets.append((name.value, parsed))
            }
            return presets
        }

        /// Parses and checks one template; a shortcut phrase needs `{app}` and at most one slot,
        /// a sentence any number of distinct slots. Every slot must have finite spoken values.
        mutating func compileTemplate(_ text: Located<String>, app appIndex: Int, intent: Intent, sentence: Bool) -> (Template, TemplateGraph, [Int])? {
            let app = table.apps[appIndex]
            let template: Template
            do {
                template = try TemplateParser.parse(text.value)
            } catch {
                diagnostics.append(Diagnostic(rule: Rule.syntax, severity: .error, message: error.message,
                                              at: text.location.advanced(by: error.offset), help: error.help))
                return nil
            }
            let placeholders = template.placeholders
            if !sentence, !placeholders.contains(where: { $0.name == "app" }) {
                error(Rule.missingAppName, "the phrase does not name the app", text.location,
                      help: "add {app}, e.g. “\(text.value) with {app}”")
                return nil
            }
            let slots = placeholders.filter { $0.name != "app" }
            if !sentence, slots.count > 1 {
                error(Rule.tooManyParameters, "the phrase has \(slots.count) parameters; a phrase carries at most one",
                      text.location.advanced(by: slots[1].offset),
                      help: "keep one {parameter}; the conversation asks for the others")
                return nil
            }
            var seen: Set<String> = []
            for slot in slots where !seen.insert(slot.name).inserted {
                error(Rule.tooManyParameters, "‘{\(slot.name)}’ appears twice in one sentence", text.location.advanced(by: slot.offset),
                      help: "name each parameter at most once")
                return nil
            }
            var domainsBySlot: [String: Int] = [:]
            for slot in slots {
                guard let parameter = intent.parameter(named: slot.name) else {
                    error(Rule.unknownReference, "intent ‘\(intent.id)’ has no parameter ‘\(slot.name)’",
                          text.location.advanced(by: slot.offset),
                          help: "use {app} or one of: \(intent.parameters.map(\.name).joined(separator: ", "))")
                    return nil
                }
                guard let domain = domain(of: parameter, app: appIndex, intent: intent, at: text.location.advanced(by: slot.offset)) else {
                    return nil
                }
                domainsBySlot[slot.name] = domain
            }
            let graph = TemplateGraph(template, vocabulary: &vocabulary)
            return (template, graph, graph.slotNames.compactMap { domainsBySlot[$0] })
        }

        /// The interned values of a parameter, shared by every template of its intent.
        mutating func domain(of parameter: Parameter, app appIndex: Int, intent: Intent, at location: SourceLocation) -> Int? {
            let key = "\(appIndex)/\(intent.id)/\(parameter.name)"
            if let known = domainIndex[key] { return known }
            switch SlotDomain.of(parameter, in: table.apps[appIndex]) {
            case .success(let values):
                domainIndex[key] = domains.count
                domains.append(values)
                domainForms.append(values.values.map { value in value.forms.map { form in form.map { vocabulary.intern($0) } } })
                return domains.count - 1
            case .failure(.unknownType):
                return nil  // reported once, on the parameter, by `parley check`
            case .failure(let reason):
                error(Rule.openSlot, PhraseCompiler.openSlotMessage(parameter.name, reason), location,
                      help: "give ‘\(parameter.name)’ a finite list (a type, options, or min and max), or take it out of the phrase and let the conversation ask for it")
                return nil
            }
        }
    }

    static func openSlotMessage(_ name: String, _ reason: SlotDomain.OpenReason) -> String {
        switch reason {
        case .freeText: "‘\(name)’ is free text: a phrase cannot list its values"
        case .unboundedNumber: "‘\(name)’ is a number without min and max: a phrase cannot list its values"
        case .tooWide(let count): "‘\(name)’ has \(count) values; a phrase slot lists at most \(SlotDomain.maximumRange)"
        case .notListable(let type): "‘\(name)’ is a \(type): a phrase cannot list its values"
        case .unknownType(let type): "‘\(name)’ has the unknown type ‘\(type)’"
        case .dynamic: "‘\(name)’ gets its options from the handler at run time: a phrase cannot list them"
        }
    }
}
