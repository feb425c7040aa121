import Testing
import ParleyTable

private func at(_ line: Int, _ column: Int, in file: String = "phrases/soup-chef.yaml") -> ParleyTable.SourceLocation {
    ParleyTable.SourceLocation(file: file, line: line, column: column)
}

private func values(_ located: [Located<String>]) -> [String] { located.map(\.value) }

@Suite("Loader: the spec's complete example")
struct PhraseTableLoaderModelTests {
    let app: App?
    let diagnostics: [Diagnostic]

    init() {
        (app, diagnostics) = PhraseTableLoader.loadApp(file: "phrases/soup-chef.yaml", text: specExample)
    }

    @Test func loadsWithoutDiagnostics() {
        #expect(app != nil)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
    }

    @Test func appNamesAndHandler() throws {
        let app = try #require(app)
        #expect(app.file == "phrases/soup-chef.yaml")
        #expect(app.name == Located("Soup Chef", at: at(2, 9)))
        #expect(app.synonyms == [Located("Soup Shop", at: at(3, 14))])
        #expect(values(app.spokenNames) == ["Soup Chef", "Soup Shop"])
        // The handler's relative path is resolved against the table's folder.
        #expect(app.handler == Located(["phrases/handlers/soup-chef"], at: at(4, 13)))
    }

    @Test func handlerPathWithoutFolderAndAbsolutePathStayAsWritten() {
        let relative = PhraseTableLoader.loadApp(file: "soup.yaml", text: "app: {name: X, handler: [bin/soup, --fast]}\n").app
        #expect(relative?.handler?.value == ["bin/soup", "--fast"])
        let absolute = PhraseTableLoader.loadApp(file: "a/b.yaml", text: "app: {name: X, handler: [/usr/bin/soup]}\n").app
        #expect(absolute?.handler?.value == ["/usr/bin/soup"])
        let bare = PhraseTableLoader.loadApp(file: "a/b.yaml", text: "app: {name: X, handler: [python3, s.py]}\n").app
        #expect(bare?.handler?.value == ["python3", "s.py"])
    }

    @Test func typesKeepCaseOrderTitlesAndSynonyms() throws {
        let app = try #require(app)
        #expect(app.types.map(\.name) == ["Soup", "OrderType"])
        let soup = try #require(app.type(named: "Soup"))
        #expect(soup.location == at(8, 3))
        #expect(soup.cases.map(\.id) == ["clam_chowder", "tomato", "chicken_noodle"])
        #expect(soup.cases.map(\.title.value) == ["Clam chowder", "Tomato soup", "Chicken noodle soup"])
        #expect(soup.cases.map { values($0.synonyms) } == [["chowder", "clam soup"], [], []])
        #expect(values(soup.cases[0].spokenForms) == ["Clam chowder", "chowder", "clam soup"])
        #expect(soup.cases[0].location == at(9, 5))
        #expect(soup.cases[1].title.location == at(10, 13))
        let orderType = try #require(app.type(named: "OrderType"))
        #expect(orderType.cases.map(\.id) == ["pickup", "delivery"])
        #expect(values(orderType.cases[0].synonyms) == ["take out", "carry out"])
        #expect(orderType.cases[1].title.value == "Delivery")
    }

    @Test func parametersInResolutionOrderWithTheirFields() throws {
        let intent = try #require(app?.intent(withID: "OrderSoup"))
        #expect(intent.location == at(17, 3))
        #expect(intent.title == Located("Order soup", at: at(18, 12)))
        #expect(intent.parameters.map(\.name) == ["soup", "quantity", "orderType", "store", "address"])
        #expect(intent.parameters.map(\.type.value) == [.custom("Soup"), .integer, .custom("OrderType"), .string, .string])

        let soup = try #require(intent.parameter(named: "soup"))
        #expect(soup.location == at(20, 7))
        #expect(soup.type == Located(.custom("Soup"), at: at(21, 15)))
        #expect(soup.prompt?.value == "Which soup do you want?")
        #expect(soup.defaultValue == nil && soup.options == nil && soup.condition == nil)
        #expect(!soup.optional && !soup.confirm)
        #expect(soup.displayTitle == "Soup")

        let quantity = try #require(intent.parameter(named: "quantity"))
        #expect(quantity.defaultValue == Located("1", at: at(25, 18)))
        #expect(quantity.min == Located(1, at: at(26, 14)))
        #expect(quantity.max == Located(10, at: at(27, 14)))
        #expect(quantity.prompt?.value == "How many soups do you want?")
        #expect(quantity.unsupported?.value == "Sorry, you can order at most 10 at a time.")

        let orderType = try #require(intent.parameter(named: "orderType"))
        #expect(orderType.defaultValue?.value == "pickup")
        #expect(orderType.displayTitle == "Order type")
    }

    @Test func optionsListAndWhenConditions() throws {
        let intent = try #require(app?.intent(withID: "OrderSoup"))
        let store = try #require(intent.parameter(named: "store"))
        guard case .list(let options) = store.options else {
            Issue.record("store options: \(String(describing: store.options))")
            return
        }
        #expect(options == [
            Located("38801 South Sheridan Boulevard", at: at(36, 19)), Located("7401 South Lewis Avenue", at: at(36, 51)),
        ])
        let condition = try #require(store.condition)
        #expect(condition.location == at(35, 15))
        #expect(condition.clauses.count == 1)
        #expect(condition.clauses.first?.parent == Located("orderType", at: at(35, 16)))
        #expect(condition.clauses.first?.values == [Located("pickup", at: at(35, 27))])

        let address = try #require(intent.parameter(named: "address"))
        #expect(address.options == nil)
        #expect(address.condition.map { $0.clauses.flatMap { values($0.values) } } == ["delivery"])
    }

    @Test func summaryVariantsConfirmationOutputsResponse() throws {
        let intent = try #require(app?.intent(withID: "OrderSoup"))
        #expect(intent.summary.count == 2)
        #expect(intent.summary.map(\.text.value) == [
            "Order {quantity} {soup} for {orderType} from {store}", "Order {quantity} {soup} for {orderType} to {address}",
        ])
        #expect(intent.summary.map { $0.condition?.clauses.map(\.parent.value) } == [["orderType"], ["orderType"]])
        #expect(intent.summary.map { $0.condition?.clauses.flatMap { values($0.values) } } == [["pickup"], ["delivery"]])
        #expect(intent.summary[0].text.location == at(44, 15))
        #expect(intent.confirmation?.value == "Ready to order {quantity} {soup}?")
        #expect(intent.outputs.map(\.name) == ["total", "eta"])
        #expect(intent.outputs.map(\.type.value) == ["currency", "duration"])
        #expect(intent.response?.value == "Your {soup} will be ready in {eta}.")
        #expect(intent.failure == nil)
    }

    @Test func shortcutsWithPhrasesTitlesAndPresets() throws {
        let app = try #require(app)
        #expect(app.shortcutsLocation == at(51, 1))
        #expect(app.shortcuts.count == 2)
        let first = app.shortcuts[0]
        #expect(first.location == at(52, 5))
        #expect(first.intent == Located("OrderSoup", at: at(52, 13)))
        #expect(first.title == nil)
        #expect(first.presets.isEmpty)
        // A quoted phrase's location is its first character, after the quote.
        #expect(first.phrases == [
            Located("Order soup with {app}", at: at(54, 9)), Located("Order {soup} with {app}", at: at(55, 9)),
            Located("{app} order [some] soup", at: at(56, 10)),
        ])
        let second = app.shortcuts[1]
        #expect(second.title?.value == "Order take out soup")
        #expect(second.presets.map(\.name) == [Located("orderType", at: at(59, 18))])
        #expect(second.presets.map(\.value) == [Located("pickup", at: at(59, 29))])
        #expect(values(second.phrases) == ["Order take out from {app}"])
    }
}

@Suite("Loader: other valid forms")
struct PhraseTableLoaderFormsTests {
    static let table = """
        app: {name: Timer, synonyms: Kitchen timer}
        intents:
          Start:
            title: Start a timer
            parameters:
              minutes: {type: integer, min: 1, max: 1_000, optional: yes, confirm: true, title: Length}
              label: {type: string, options: dynamic, disambiguation: Which one?}
              sound: {type: boolean, default: on, when: {minutes: [5, 10]}}
              at: {type: time}
              rate: {type: decimal, min: 0.5, max: 2.5}
            summary: Start a {minutes} minute timer
        shortcuts:
          - intent: Start
            parameters: {minutes: 5, sound: off}
            phrases:
              - Start a timer with {app}
        """

    @Test func loadsWithoutDiagnostics() {
        let (app, diagnostics) = PhraseTableLoader.loadApp(file: "timer.yaml", text: Self.table)
        #expect(app != nil)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
    }

    @Test func singleTextSynonymIsAOneItemList() {
        let app = PhraseTableLoader.loadApp(file: "timer.yaml", text: Self.table).app
        #expect(app.map { values($0.synonyms) } == ["Kitchen timer"])
    }

    @Test func dynamicOptionsBooleansNumbersAndTypes() throws {
        let intent = try #require(PhraseTableLoader.loadApp(file: "timer.yaml", text: Self.table).app?.intent(withID: "Start"))
        #expect(intent.parameters.map(\.type.value) == [.integer, .string, .boolean, .time, .decimal])
        let minutes = try #require(intent.parameter(named: "minutes"))
        #expect(minutes.optional && minutes.confirm)
        #expect(minutes.max?.value == 1000)
        #expect(minutes.displayTitle == "Length")
        let label = try #require(intent.parameter(named: "label"))
        guard case .dynamic(let location) = label.options else {
            Issue.record("label options: \(String(describing: label.options))")
            return
        }
        #expect(location == at(7, 38, in: "timer.yaml"))
        #expect(label.disambiguation?.value == "Which one?")
        let sound = try #require(intent.parameter(named: "sound"))
        #expect(sound.defaultValue?.value == "on")
        #expect(sound.condition.map { $0.clauses.flatMap { values($0.values) } } == ["5", "10"])
        let rate = try #require(intent.parameter(named: "rate"))
        #expect(rate.min?.value == 0.5 && rate.max?.value == 2.5)
        #expect(intent.summary.map(\.text.value) == ["Start a {minutes} minute timer"])
        #expect(intent.summary.first?.condition == nil)
    }

    @Test func presetsKeepTheirWrittenOrder() throws {
        let shortcut = try #require(PhraseTableLoader.loadApp(file: "timer.yaml", text: Self.table).app?.shortcuts.first)
        #expect(shortcut.presets.map(\.name.value) == ["minutes", "sound"])
        #expect(shortcut.presets.map(\.value.value) == ["5", "off"])
    }
}
