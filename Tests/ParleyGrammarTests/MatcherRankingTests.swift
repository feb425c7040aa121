import ParleyGrammar
import ParleyTable
import Testing

/// Compiles apps from YAML texts (files `app0.yaml`, `app1.yaml`, …), expecting no diagnostics.
private func matcher(_ texts: String..., sourceLocation: Testing.SourceLocation = #_sourceLocation) -> PhraseMatcher {
    var apps: [App] = []
    for (index, text) in texts.enumerated() {
        let (app, diagnostics) = PhraseTableLoader.loadApp(file: "app\(index).yaml", text: text)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))", sourceLocation: sourceLocation)
        if let app { apps.append(app) }
    }
    let compiled = PhraseCompiler.compile(PhraseTable(apps: apps))
    #expect(compiled.diagnostics.isEmpty, "\(compiled.diagnostics.map(\.message))", sourceLocation: sourceLocation)
    return PhraseMatcher(compiled)
}

/// Parameters as comparable pairs.
private func parameters(_ match: ShortcutMatch?) -> [String] {
    match?.parameters.map { "\($0.name)=\($0.value)" } ?? []
}

@Suite("Matcher: ranking and ties")
struct MatcherRankingTests {
    static let player = """
        app: {name: Player}
        intents:
          Play: {title: Play music}
        shortcuts:
          - intent: Play
            phrases:
              - Play music on {app}
        """

    @Test func twoAppsWithTheSameUtteranceAreBothReturnedInTableOrder() {
        let jukebox = """
            app: {name: Jukebox, synonyms: [Player]}
            intents:
              Play: {title: Play music}
            shortcuts:
              - intent: Play
                phrases:
                  - Play music on {app}
            """
        let matches = matcher(jukebox, Self.player).match("Play music on Player")
        #expect(matches.map(\.app) == ["Jukebox", "Player"])
        #expect(matches.map(\.appIndex) == [0, 1])
        #expect(matches.allSatisfy { $0.dropped.isEmpty && $0.spoken == nil })
        #expect(matcher(jukebox, Self.player).match("play music on jukebox").map(\.app) == ["Jukebox"])
    }

    @Test func twoPhrasesOfOneShortcutGiveOneResult() {
        let table = """
            app: {name: Player}
            intents:
              Play: {title: Play music}
            shortcuts:
              - intent: Play
                phrases:
                  - Play [some] music on {app}
                  - Play some music on {app}
                  - (Play | Start) some music on {app}
            """
        let matches = matcher(table).match("play some music on player")
        #expect(matches.count == 1)
        #expect(matches.first?.shortcutTitle == "Play music")
    }

    @Test func twoShortcutsOfOneAppTieAndPresetsShowInParameters() {
        let table = """
            app: {name: Jukebox}
            types:
              Genre: {jazz: Jazz, rock: Rock}
            intents:
              Play:
                title: Play music
                parameters:
                  genre: {type: Genre}
            shortcuts:
              - intent: Play
                phrases:
                  - Play {genre} on {app}
              - intent: Play
                title: Play jazz
                parameters: {genre: jazz}
                phrases:
                  - Play jazz on {app}
            """
        let matches = matcher(table).match("Play jazz on Jukebox")
        #expect(matches.map(\.shortcutIndex) == [0, 1])
        #expect(matches.map(\.shortcutTitle) == ["Play music", "Play jazz"])
        #expect(matches.map(parameters) == [["genre=jazz"], ["genre=jazz"]])
        #expect(matches.map { $0.spoken?.value } == [.caseID("jazz"), nil])
    }

    @Test func twoValuesSharingASynonymTieWithinOneShortcut() {
        let table = """
            app: {name: Jukebox}
            types:
              Genre:
                pop: {title: Pop, synonyms: [hits]}
                top40: {title: Top forty, synonyms: [hits]}
            intents:
              Play:
                title: Play music
                parameters:
                  genre: {type: Genre}
            shortcuts:
              - intent: Play
                phrases:
                  - Play {genre} on {app}
            """
        let matches = matcher(table).match("play hits on jukebox")
        #expect(matches.map { $0.spoken?.value } == [.caseID("pop"), .caseID("top40")])
        #expect(matches.map { $0.spoken?.title } == ["Pop", "Top forty"])
        #expect(matcher(table).match("play top 40 on jukebox").map { $0.spoken?.value } == [.caseID("top40")])
    }

    static let polite = """
        app: {name: Chef}
        intents:
          Order: {title: Order soup}
          Polite: {title: Order soup politely}
        shortcuts:
          - intent: Order
            phrases:
              - Order soup with {app}
          - intent: Polite
            phrases:
              - Please order soup with {app}
        """

    @Test func fillersAreDroppedAndReported() {
        let matches = matcher(Self.polite).match("Could you order soup with Chef, thank you!")
        #expect(matches.map(\.intent) == ["Order"])
        #expect(matches.first?.dropped == ["could", "you", "thank", "you"])
        let curly = matcher(Self.polite).match("I’d like to order soup with chef for me please")
        #expect(curly.map(\.intent) == ["Order"])
        #expect(curly.first?.dropped == ["id", "like", "to", "for", "me", "please"])
    }

    @Test func exactMatchOutranksFillerMatch() {
        let matches = matcher(Self.polite).match("please order soup with chef")
        #expect(matches.map(\.intent) == ["Polite"])
        #expect(matches.first?.dropped == [])
    }

    @Test func fewerDroppedWordsRankHigher() {
        // “thanks” dropped (1 word) for Polite beats “please … thanks” dropped (2 words) for Order.
        let trailing = matcher(Self.polite).match("please order soup with chef thanks")
        #expect(trailing.map(\.intent) == ["Polite"])
        #expect(trailing.first?.dropped == ["thanks"])
        // “could you” (2) for Polite beats “could you please” (3) for Order.
        let leading = matcher(Self.polite).match("could you please order soup with chef")
        #expect(leading.map(\.intent) == ["Polite"])
        #expect(leading.first?.dropped == ["could", "you"])
    }

    @Test func fillersAloneOrUnknownWordsMatchNothing() {
        let matcher = matcher(Self.polite)
        #expect(matcher.match("please thanks").isEmpty)
        #expect(matcher.match("please").isEmpty)
        #expect(matcher.match("").isEmpty)
        #expect(matcher.match("?!").isEmpty)
        #expect(matcher.match("hey siri order soup with chef").isEmpty)
        #expect(matcher.match("order soup with chef thanks a lot").isEmpty)
        #expect(matcher.match("order soup please with chef").isEmpty)
        #expect(matcher.match("order soup with chef chef").isEmpty)
    }

    @Test func matchCarriesIntentTitlePhraseLocationAndPresets() throws {
        let matcher = matcher(specExampleYAML)
        let takeOut = try #require(matcher.match("Order take out from Soup Chef").first)
        #expect(takeOut.intent == "OrderSoup")
        #expect(takeOut.shortcutIndex == 1)
        #expect(takeOut.shortcutTitle == "Order take out soup")
        #expect(takeOut.phrase == ParleyTable.SourceLocation(file: "app0.yaml", line: 61, column: 9))
        #expect(parameters(takeOut) == ["orderType=pickup"])
        #expect(takeOut.spoken == nil)
        let chowder = try #require(matcher.match("soup shop order some soup").first)
        #expect(chowder.shortcutTitle == "Order soup")
        #expect(chowder.phrase.line == 56)
        #expect(parameters(chowder) == [])
    }

    @Test func presetsAndTheSpokenValueTogetherSpokenLastAndWinning() {
        let table = """
            app: {name: Chef}
            types:
              Soup: {tomato: Tomato soup, pea: Pea soup}
              Kind: {pickup: Pickup, delivery: Delivery}
            intents:
              Order:
                title: Order soup
                parameters:
                  soup: {type: Soup}
                  kind: {type: Kind}
                  count: {type: integer, min: 1, max: 5}
            shortcuts:
              - intent: Order
                title: Deliver soup
                parameters: {kind: delivery, count: two}
                phrases:
                  - Deliver {soup} from {app}
              - intent: Order
                title: Tomato soup
                parameters: {soup: tomato, kind: Pickup}
                phrases:
                  - Pick up {soup} from {app}
            """
        let matcher = matcher(table)
        #expect(matcher.match("deliver pea soup from chef").map(parameters) == [["kind=delivery", "count=2", "soup=pea"]])
        #expect(matcher.match("pick up pea soup from chef").map(parameters) == [["kind=pickup", "soup=pea"]])
        #expect(matcher.match("pick up tomato soup from chef").map(parameters) == [["kind=pickup", "soup=tomato"]])
    }
}

@Suite("Matcher: numbers and options")
struct MatcherNumberTests {
    static let soup = """
        app: {name: Soup Chef}
        intents:
          Order:
            title: Order soup
            parameters:
              quantity: {type: integer, min: 0, max: 120}
        shortcuts:
          - intent: Order
            phrases:
              - Order {quantity} soups from {app}
        """

    @Test func integerSlotValuesSpokenAsWordsOrDigits() throws {
        let matcher = matcher(Self.soup)
        for number in 0...120 {
            let spelled = number < 100 ? numberWords(number) : "one hundred" + (number == 100 ? "" : " and " + numberWords(number - 100))
            for utterance in ["order \(number) soups from soup chef", "Order \(spelled) soups from Soup Chef"] {
                let matches = matcher.match(utterance)
                #expect(matches.count == 1, "“\(utterance)”")
                #expect(matches.first?.spoken?.value == .integer(number), "“\(utterance)”")
                #expect(matches.first?.spoken?.title == String(number))
                #expect(matches.first?.spoken?.words == [String(number)])
                #expect(matches.first?.spoken?.span == 1..<2)
                #expect(matches.first?.spoken?.parameter == "quantity")
            }
        }
        // A little above the range is heard (the conversation answers with `unsupported`); far above is not.
        #expect(matcher.match("order 121 soups from soup chef").first?.spoken?.value == .integer(121))
        #expect(matcher.match("order 241 soups from soup chef").isEmpty)
        #expect(matcher.match("order minus one soups from soup chef").isEmpty)
        #expect(matcher.match("order 2.5 soups from soup chef").isEmpty)
    }

    @Test func numberWordsInATemplateMatchDigitsAndWords() {
        let table = """
            app: {name: Kitchen Timer}
            intents:
              Start: {title: Start a timer}
              Long: {title: Start a long timer}
            shortcuts:
              - intent: Start
                phrases:
                  - Set a twenty one minute timer with {app}
                  - Set a 45 minute timer with {app}
              - intent: Long
                phrases:
                  - Set a one hundred and five minute timer with {app}
            """
        let matcher = matcher(table)
        for spoken in ["21", "twenty one", "twenty-one", "Twenty-One"] {
            #expect(matcher.match("set a \(spoken) minute timer with kitchen timer").map(\.intent) == ["Start"], "\(spoken)")
        }
        for spoken in ["45", "forty five", "forty-five"] {
            #expect(matcher.match("set a \(spoken) minute timer with kitchen timer").map(\.intent) == ["Start"], "\(spoken)")
        }
        for spoken in ["105", "one hundred and five", "one hundred five"] {
            #expect(matcher.match("set a \(spoken) minute timer with kitchen timer").map(\.intent) == ["Long"], "\(spoken)")
        }
        #expect(matcher.match("set a twenty minute timer with kitchen timer").isEmpty)
        #expect(matcher.match("set a one minute timer with kitchen timer").isEmpty)
        #expect(matcher.match("set a 20 1 minute timer with kitchen timer").isEmpty)
    }

    @Test func numberWordsSplitAcrossTemplateGroupsStillFormOneNumber() {
        // “Set a twenty five minute timer” is an expansion of the template; said aloud it
        // normalizes to “25”, so it must match like any other expansion.
        let table = """
            app: {name: Kitchen Timer}
            intents:
              Start: {title: Start a timer}
            shortcuts:
              - intent: Start
                phrases:
                  - Set a (twenty | thirty) [five] minute timer with {app}
            """
        let matcher = matcher(table)
        for spoken in ["twenty", "thirty", "twenty five", "thirty five", "25", "35", "twenty-five"] {
            #expect(matcher.match("set a \(spoken) minute timer with kitchen timer").map(\.intent) == ["Start"], "“\(spoken)”")
        }
    }

    @Test func optionsListsAreSlots() throws {
        let matcher = matcher(specExampleYAML + """

              - intent: OrderSoup
                title: Pick up soup
                parameters: {orderType: pickup}
                phrases:
                  - Pick up soup at {store} with {app}
            """)
        let sheridan = try #require(matcher.match("pick up soup at 38801 South Sheridan Boulevard with soup chef").first)
        #expect(sheridan.spoken?.value == .option("38801 South Sheridan Boulevard"))
        #expect(sheridan.spoken?.title == "38801 South Sheridan Boulevard")
        #expect(sheridan.spoken?.words == ["38801", "south", "sheridan", "boulevard"])
        #expect(sheridan.spoken?.span == 4..<8)
        #expect(parameters(sheridan) == ["orderType=pickup", "store=38801 South Sheridan Boulevard"])
        let spelled = matcher.match("pick up soup at thirty eight thousand eight hundred one south sheridan boulevard with soup chef")
        #expect(spelled.map { $0.spoken?.value } == [.option("38801 South Sheridan Boulevard")])
        let lewis = matcher.match("Pick up soup at seventy four oh one South Lewis Avenue with Soup Chef")
        #expect(lewis.isEmpty)  // “oh” is not a number word
        #expect(matcher.match("pick up soup at 7401 south lewis avenue with soup shop").map { $0.spoken?.value }
            == [.option("7401 South Lewis Avenue")])
        #expect(matcher.match("pick up soup at south lewis avenue with soup chef").isEmpty)
    }

    @Test func spanPointsAtTheSlotNotAtAnEarlierEqualWord() throws {
        let table = """
            app: {name: Studio 54}
            intents:
              Order:
                title: Order drinks
                parameters:
                  count: {type: integer, min: 1, max: 60}
            shortcuts:
              - intent: Order
                phrases:
                  - "{app} order {count} drinks"
            """
        let match = try #require(matcher(table).match("studio fifty four order fifty four drinks").first)
        #expect(match.spoken?.value == .integer(54))
        #expect(match.spoken?.span == 3..<4)
    }
}
