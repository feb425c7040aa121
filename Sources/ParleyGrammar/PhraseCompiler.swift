import ParleyTable

/// Compiles a phrase table into its one automaton. Phrases that cannot be compiled (a template
/// that does not parse, no `{app}`, two slots, an unknown or open slot) are left out and
/// reported; everything else still compiles, so a table with mistakes can be checked whole.
public enum PhraseCompiler {
    public static func compile(_ table: PhraseTable) -> CompiledTable {
        var vocabulary = Vocabulary()
        var diagnostics: [Diagnostic] = []
        var shortcuts: [CompiledShortcut] = []
        var phrases: [CompiledPhrase] = []
        var domains: [SlotDomain] = []
        var domainForms: [[[[Int32]]]] = []
        var domainIndex: [String: Int] = [:]
        var nfa = PhraseNFA()

        func error(_ rule: String, _ message: String, _ location: SourceLocation, help: String? = nil) {
            diagnostics.append(Diagnostic(rule: rule, severity: .error, message: message, at: location, help: help))
        }

        let appForms: [[[Int32]]] = table.apps.map { app in
            app.spokenNames.map { name in TextNormalizer.tokens(name.value).map { vocabulary.intern($0) } }
                .filter { !$0.isEmpty }
        }

        for (appIndex, app) in table.apps.enumerated() {
            for (shortcutIndex, shortcut) in app.shortcuts.enumerated() {
                guard let intent = app.intent(withID: shortcut.intent.value) else {
                    error(Rule.unknownReference, "no intent ‘\(shortcut.intent.value)’ in \(app.name.value)", shortcut.intent.location,
                          help: "use one of: \(app.intents.map(\.id).joined(separator: ", "))")
                    continue
                }
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
                let compiledShortcut = shortcuts.count
                shortcuts.append(CompiledShortcut(
                    app: appIndex, index: shortcutIndex, intent: intent.id,
                    title: shortcut.title?.value ?? intent.title?.value ?? intent.id,
                    presets: presets, location: shortcut.location))

                for phrase in shortcut.phrases {
                    let template: Template
                    do {
                        template = try TemplateParser.parse(phrase.value)
                    } catch {
                        diagnostics.append(Diagnostic(rule: Rule.syntax, severity: .error, message: error.message,
                                                      at: phrase.location.advanced(by: error.offset), help: error.help))
                        continue
                    }
                    let placeholders = template.placeholders
                    guard placeholders.contains(where: { $0.name == "app" }) else {
                        error(Rule.missingAppName, "the phrase does not name the app", phrase.location,
                              help: "add {app}, e.g. “\(phrase.value) with {app}”")
                        continue
                    }
                    let slots = placeholders.filter { $0.name != "app" }
                    if slots.count > 1 {
                        error(Rule.tooManyParameters, "the phrase has \(slots.count) parameters; a phrase carries at most one",
                              phrase.location.advanced(by: slots[1].offset),
                              help: "keep one {parameter}; the conversation asks for the others")
                        continue
                    }
                    var domain: Int?
                    if let slot = slots.first {
                        guard let parameter = intent.parameter(named: slot.name) else {
                            error(Rule.unknownReference, "intent ‘\(intent.id)’ has no parameter ‘\(slot.name)’",
                                  phrase.location.advanced(by: slot.offset),
                                  help: "use {app} or one of: \(intent.parameters.map(\.name).joined(separator: ", "))")
                            continue
                        }
                        let key = "\(appIndex)/\(intent.id)/\(parameter.name)"
                        if let known = domainIndex[key] {
                            domain = known
                        } else {
                            switch SlotDomain.of(parameter, in: app) {
                            case .success(let values):
                                domainIndex[key] = domains.count
                                domain = domains.count
                                domains.append(values)
                                domainForms.append(values.values.map { value in
                                    value.forms.map { form in form.map { vocabulary.intern($0) } }
                                })
                            case .failure(.unknownType):
                                continue  // reported once, on the parameter, by `parley check`
                            case .failure(let reason):
                                error(Rule.openSlot, openSlotMessage(parameter.name, reason), phrase.location.advanced(by: slot.offset),
                                      help: "give ‘\(parameter.name)’ a finite list (a type, options, or min and max), or take it out of the phrase and let the conversation ask for it")
                                continue
                            }
                        }
                    }
                    let graph = TemplateGraph(template, vocabulary: &vocabulary)
                    let phraseIndex = Int32(phrases.count)
                    phrases.append(CompiledPhrase(shortcut: compiledShortcut, location: phrase.location,
                                                  template: template, graph: graph, domain: domain))
                    nfa.addPhrase(phraseIndex, graph: graph, appForms: appForms[appIndex],
                                  slotValues: domain.map { domainForms[$0] } ?? [])
                }
            }
        }
        let automaton = ShortcutAutomaton(nfa)
        return CompiledTable(
            table: table, vocabulary: vocabulary, appForms: appForms, shortcuts: shortcuts, phrases: phrases,
            domains: domains, domainForms: domainForms, automaton: automaton, diagnostics: diagnostics,
            nfaStateCount: Int(nfa.stateCount), nfaEdgeCount: nfa.edgeCount)
    }

    private static func openSlotMessage(_ name: String, _ reason: SlotDomain.OpenReason) -> String {
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
