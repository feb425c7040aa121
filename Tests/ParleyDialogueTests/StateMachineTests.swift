import ParleyDialogue
import ParleyGrammar
import ParleyTable
import Testing

/// A compiled table from YAML text (one app).
func compiledTable(_ yaml: String) -> CompiledTable {
    let (app, diagnostics) = PhraseTableLoader.loadApp(file: "test.yaml", text: yaml)
    precondition(diagnostics.isEmpty, "\(diagnostics)")
    return PhraseCompiler.compile(PhraseTable(apps: app.map { [$0] } ?? []))
}

let teaTable = """
    app:
      name: Tea Time
      handler: [unused]
    types:
      Tea:
        green: Green tea
        black: Black tea
    intents:
      BrewTea:
        title: Brew tea
        parameters:
          tea: {type: Tea, prompt: Which tea?}
          cups: {type: integer, min: 1, max: 4, default: 1}
          store: {type: string, options: dynamic, prompt: Which shop?}
        confirmation: Brew {cups} {tea}?
        outputs: {ready: duration}
        response: Ready in {ready}.
    shortcuts:
      - intent: BrewTea
        phrases:
          - Brew {tea} with {app}
          - Brew tea with {app}
    """

private func events(_ actions: [DialogueAction]) -> [ConversationEvent] {
    actions.compactMap { if case .emit(let event) = $0 { return event } else { return nil } }
}

private func request(_ actions: [DialogueAction]) -> HandlerRequest? {
    actions.lazy.compactMap { if case .callHandler(let request) = $0 { return request } else { return nil } }.first
}

@Suite("The resolve loop with a handler, without processes")
struct StateMachineTests {
    @Test func aHandlerResolvesListsConfirmsAndHandles() throws {
        var machine = ConversationStateMachine(compiled: compiledTable(teaTable))
        var actions = machine.heard("brew green tea with tea time")
        #expect(events(actions).first?.name == "recognized")
        var sent = try #require(request(actions))
        #expect(sent.kind == .resolve && sent.parameter == "tea" && sent.value == .caseID("green"))
        actions = machine.handlerAnswered(.resolution(.success(nil)))
        sent = try #require(request(actions))
        #expect(sent.kind == .resolve && sent.parameter == "cups" && sent.value == .integer(1))
        actions = machine.handlerAnswered(.resolution(.unsupported(reason: "Only one pot today.")))
        guard case .ask(_, "cups", _, .unsupported?, let text)? = events(actions).first else {
            Issue.record("expected an unsupported ask, got \(actions)")
            return
        }
        #expect(text.hasPrefix("Only one pot today."))
        actions = machine.heard("one")
        sent = try #require(request(actions))
        #expect(sent.kind == .resolve && sent.value == .integer(1))
        actions = machine.handlerAnswered(.resolution(.success(nil)))
        sent = try #require(request(actions))
        #expect(sent.kind == .options && sent.parameter == "store")
        let shops = [Choice(value: .option("Corner Shop"), title: "Corner Shop", forms: [["corner", "shop"]])]
        actions = machine.handlerAnswered(.options(shops))
        // An empty parameter is offered to the handler first: it may supply a value.
        sent = try #require(request(actions))
        #expect(sent.kind == .resolve && sent.parameter == "store" && sent.value == nil)
        #expect(sent.json(id: 1).contains("\"value\":null"))
        actions = machine.handlerAnswered(.resolution(.needsValue(prompt: nil)))
        #expect(events(actions).first?.json.contains("\"options\":[\"Corner Shop\"]") == true)
        actions = machine.heard("the corner one")
        sent = try #require(request(actions))
        #expect(sent.kind == .resolve && sent.value == .option("Corner Shop"))
        actions = machine.handlerAnswered(.resolution(.success(nil)))
        #expect(try #require(request(actions)).kind == .confirm)
        actions = machine.handlerAnswered(.ready)
        #expect(events(actions).first?.text == "Brew 1 green tea?")
        actions = machine.heard("brew it")
        #expect(try #require(request(actions)).kind == .handle)
        actions = machine.handlerAnswered(.handled(outputs: [("ready", .text("PT4M"))], dialog: nil))
        #expect(events(actions).map(\.json) == [
            "{\"event\":\"done\",\"app\":\"Tea Time\",\"intent\":\"BrewTea\",\"parameters\":{\"tea\":\"green\",\"cups\":1,\"store\":\"Corner Shop\"},\"outputs\":{\"ready\":\"PT4M\"},\"text\":\"Ready in 4 minutes.\"}",
        ])
        #expect(actions.last == .finish)
        #expect(machine.isIdle)
    }

    @Test func aHandlerCanAskForDisambiguationAndConfirmation() throws {
        var machine = ConversationStateMachine(compiled: compiledTable(teaTable))
        _ = machine.heard("brew tea with tea time")
        // No value: the handler is asked and may supply one to confirm.
        var actions = machine.handlerAnswered(.resolution(.confirmationRequired(.caseID("black"))))
        #expect(events(actions).first?.text == "Black tea, right?")
        actions = machine.heard("no")
        #expect(events(actions).first?.json.contains("\"kind\":\"value\",\"parameter\":\"tea\"") == true)
        actions = machine.heard("green")
        _ = try #require(request(actions))
        let both = [Choice(value: .caseID("green"), title: "Green tea", forms: [["green", "tea"]]),
                    Choice(value: .caseID("black"), title: "Black tea", forms: [["black", "tea"]])]
        actions = machine.handlerAnswered(.resolution(.disambiguation(both, prompt: "Which one do you mean?")))
        #expect(events(actions).first?.text == "Which one do you mean? Green tea or black tea?")
        #expect(events(actions).first?.json.contains("\"kind\":\"disambiguation\"") == true)
    }

    @Test func aHandlerAnsweringFailureSpeaksTheIntentsFailureText() {
        let table = teaTable.replacingOccurrences(of: "    response: Ready in {ready}.", with: "    response: Ready in {ready}.\n    failure: Sorry, the {tea} ran out.")
        #expect(table.contains("failure:"))
        var machine = ConversationStateMachine(compiled: compiledTable(table))
        _ = machine.heard("brew black tea with tea time")
        let actions = machine.handlerAnswered(.failure(dialog: nil))
        #expect(events(actions).map(\.json) == [#"{"event":"failed","reason":"handler","text":"Sorry, the black tea ran out."}"#])
        #expect(machine.isIdle)
    }

    @Test func aHandlerFailureEndsWithAnApology() {
        var machine = ConversationStateMachine(compiled: compiledTable(teaTable))
        _ = machine.heard("brew tea with tea time")
        let actions = machine.handlerFailed("handlerCrashed")
        #expect(events(actions).first?.json.contains("\"event\":\"failed\",\"reason\":\"handlerCrashed\"") == true)
        #expect(machine.isIdle)
    }

    @Test func lowConfidenceValuesAreConfirmedAndVeryLowAreNotUnderstood() {
        let table = compiledTable(teaTable.replacingOccurrences(of: "  handler: [unused]\n", with: ""))
        var machine = ConversationStateMachine(compiled: table)
        var actions = machine.heard("brew green tea with tea time", confidence: 0.5)
        #expect(events(actions).last?.text == "Green tea, right?")
        actions = machine.heard("yes")
        #expect(events(actions).first?.text?.hasPrefix("Which shop?") == true || events(actions).first?.text?.contains("Brew") == true)

        var fresh = ConversationStateMachine(compiled: table)
        #expect(events(fresh.heard("brew green tea with tea time", confidence: 0.1)).first?.name == "notRecognized")
        _ = fresh.heard("brew tea with tea time")
        actions = fresh.heard("green tea", confidence: 0.1)
        guard case .ask(_, _, _, .notUnderstood?, _)? = events(actions).first else {
            Issue.record("a very low confidence answer must not be taken")
            return
        }
    }

    /// Between `doubtfulValueConfidence` (0.15) and `veryLowConfidence` (0.3) a value of a list
    /// is asked about, not thrown away; a yes or no there is still not understood.
    @Test func doubtfulValuesAreConfirmedButNotDoubtfulYesOrNo() {
        let table = compiledTable(teaTable.replacingOccurrences(of: "  handler: [unused]\n", with: ""))
        var machine = ConversationStateMachine(compiled: table)
        _ = machine.heard("brew tea with tea time")
        #expect(events(machine.heard("green tea", confidence: 0.2)).last?.text == "Green tea, right?")
        guard case .ask(_, _, _, .notUnderstood?, _)? = events(machine.heard("yes", confidence: 0.2)).first else {
            Issue.record("a yes at confidence 0.2 must be not understood")
            return
        }
        #expect(machine.question?.kind == .confirmValue)
        _ = machine.heard("yes", confidence: 0.9)
        #expect(machine.question?.kind != .confirmValue)
        let options = DialogueOptions()
        let question = Question(kind: .value, parameter: "tea", prompt: "What tea?", expected: .text)
        #expect(!options.understands(0.2, isValue: true, at: question), "dictated text keeps 0.3")
    }

    @Test func commandsHeardAtAVeryLowConfidenceAreNotActedOn() {
        let table = compiledTable(teaTable.replacingOccurrences(of: "  handler: [unused]\n", with: ""))
        for command in ["cancel", "what", "help"] {
            var machine = ConversationStateMachine(compiled: table)
            _ = machine.heard("brew tea with tea time")
            guard case .ask(_, _, _, .notUnderstood?, _)? = events(machine.heard(command, confidence: 0.2)).first else {
                Issue.record("“\(command)” at confidence 0.2 must be not understood")
                continue
            }
            #expect(machine.question != nil)
            #expect(events(machine.heard(command, confidence: 0.9)).first?.name == (command == "cancel" ? "cancelled" : "ask"))
        }
    }

    @Test func theQuestionSaysWhatAnswersAreExpected() {
        var machine = ConversationStateMachine(compiled: compiledTable(teaTable.replacingOccurrences(of: "  handler: [unused]\n", with: "")))
        _ = machine.heard("brew tea with tea time")
        guard case .choice(let choices)? = machine.question?.expected else {
            Issue.record("expected a list question")
            return
        }
        #expect(choices.map(\.title) == ["Green tea", "Black tea"])
    }
}

@Suite("Handler replies")
struct HandlerReplyTests {
    let app = PhraseTableLoader.loadApp(file: "t.yaml", text: teaTable).app!
    var tea: Parameter { app.intents[0].parameters[0] }
    func resolve(_ line: String) throws -> HandlerReply {
        let request = HandlerRequest(kind: .resolve, app: "Tea Time", intent: "BrewTea", parameter: "tea", parameters: [])
        return try HandlerReply.decode(line, for: request, id: 1, parameter: tea, app: app)
    }

    @Test func everyResolutionResultDecodes() throws {
        #expect(try resolve(#"{"id":1,"result":"success","value":"green"}"#) == .resolution(.success(.caseID("green"))))
        #expect(try resolve(#"{"id":1,"result":"needsValue","dialog":"Which?"}"#) == .resolution(.needsValue(prompt: "Which?")))
        #expect(try resolve(#"{"id":1,"result":"unsupported","dialog":"No."}"#) == .resolution(.unsupported(reason: "No.")))
        #expect(try resolve(#"{"id":1,"result":"confirmationRequired","value":"black"}"#) == .resolution(.confirmationRequired(.caseID("black"))))
        #expect(try resolve(#"{"id":1,"result":"notRequired"}"#) == .resolution(.notRequired))
        guard case .resolution(.disambiguation(let choices, _)) = try resolve(#"{"id":1,"result":"disambiguation","options":[{"id":"green","title":"Green tea"},"Black tea"]}"#) else {
            Issue.record("expected disambiguation")
            return
        }
        #expect(choices.map(\.value) == [.caseID("green"), .caseID("black")])
        #expect(try resolve(#"{"id":1,"result":"failure","dialog":"Out of tea."}"#) == .failure(dialog: "Out of tea."))
    }

    @Test(arguments: ["not json", "[1,2]", #"{"id":2,"result":"success"}"#, #"{"id":1,"result":"maybe"}"#,
                      #"{"id":1,"result":"success","value":"oolong"}"#])
    func garbageIsAnError(_ line: String) {
        #expect(throws: HandlerProtocolError.self) { try resolve(line) }
    }

    @Test func requestsAreOneJSONLine() {
        let request = HandlerRequest(kind: .resolve, app: "Tea Time", intent: "BrewTea", parameter: "cups", value: .integer(2),
                                     parameters: [("tea", .caseID("green")), ("cups", .integer(2))])
        #expect(request.json(id: 7) == #"{"id":7,"type":"resolve","app":"Tea Time","intent":"BrewTea","parameter":"cups","value":2,"parameters":{"tea":"green","cups":2}}"#)
    }
}
