import ParleyGrammar
import ParleyTable
import Testing

/// Small worlds whose every utterance is enumerated (STYLE.md: exhaustive small worlds).
enum Worlds {
    static let soupValues = [
        SpokenValues(.caseID("clam_chowder"), ["Clam chowder", "chowder", "clam soup"]),
        SpokenValues(.caseID("tomato"), ["Tomato soup"]),
        SpokenValues(.caseID("chicken_noodle"), ["Chicken noodle soup", "chicken soup"]),
    ]

    /// One app with every template construct, a type slot, an integer slot, an options slot and a boolean slot.
    static let soup = WorldApp(yaml: """
        app:
          name: Soup Chef
          synonyms: [Soup Shop, Chef]
        types:
          Soup:
            clam_chowder: {title: Clam chowder, synonyms: [chowder, clam soup]}
            tomato: Tomato soup
            chicken_noodle: {title: Chicken noodle soup, synonyms: [chicken soup]}
        intents:
          OrderSoup:
            title: Order soup
            parameters:
              soup: {type: Soup}
              quantity: {type: integer, min: 1, max: 25}
              size:
                type: string
                options: [Small, Large bowl]
          CancelOrder:
            title: Cancel the order
          Lights:
            title: Switch the lights
            parameters:
              power: {type: boolean}
        shortcuts:
          - intent: OrderSoup
            phrases:
              - (Order | Get) [me] [some | a bowl of] soup (with | from) {app}
              - "{app} (order | get) {soup}"
              - Order {quantity} (soups | bowls) [of soup] from {app}
              - Order a {size} [(soup | bowl)] with {app}
          - intent: CancelOrder
            phrases:
              - (Cancel | Stop) [my [soup]] order (with | at) {app}
          - intent: Lights
            phrases:
              - Turn {power} the lights with {app}
        """,
        names: ["Soup Chef", "Soup Shop", "Chef"],
        slots: [
            "soup": soupValues,
            "quantity": integerValues(1...25),
            "size": [SpokenValues(.option("Small"), ["Small"]), SpokenValues(.option("Large bowl"), ["Large bowl"])],
            "power": [SpokenValues(.boolean(true), ["on"]), SpokenValues(.boolean(false), ["off"])],
        ])

    /// Two apps that share a name and phrases: ties across apps, across shortcuts and across values.
    static let jukebox = WorldApp(yaml: """
        app: {name: Jukebox, synonyms: [Player]}
        types:
          Genre:
            jazz: Jazz
            rock: {title: Rock, synonyms: [rock and roll]}
            pop: {title: Pop, synonyms: [hits]}
            top40: {title: Top forty, synonyms: [hits, charts]}
        intents:
          Play:
            title: Play music
            parameters:
              genre: {type: Genre}
        shortcuts:
          - intent: Play
            phrases:
              - Play [some] music on {app}
              - Play some music on {app}
              - Play {genre} on {app}
              - Play [the] {genre} on {app}
          - intent: Play
            title: Play jazz
            parameters: {genre: jazz}
            phrases:
              - Play jazz on {app}
        """,
        names: ["Jukebox", "Player"],
        slots: ["genre": [
            SpokenValues(.caseID("jazz"), ["Jazz"]),
            SpokenValues(.caseID("rock"), ["Rock", "rock and roll", "rock & roll"]),
            SpokenValues(.caseID("pop"), ["Pop", "hits"]),
            SpokenValues(.caseID("top40"), ["Top forty", "top 40", "hits", "charts"]),
        ]])

    static let player = WorldApp(yaml: """
        app: {name: Player, synonyms: [Music Box]}
        intents:
          Play: {title: Play music}
        shortcuts:
          - intent: Play
            phrases:
              - Play [some] music on {app}
              - (Play | Start) (music | songs) on {app}
        """,
        names: ["Player", "Music Box"])

    /// The complete example of `phrase-table.md`.
    static let specExample = WorldApp(yaml: specExampleYAML, names: ["Soup Chef", "Soup Shop"], slots: ["soup": [
        SpokenValues(.caseID("clam_chowder"), ["Clam chowder", "chowder", "clam soup"]),
        SpokenValues(.caseID("tomato"), ["Tomato soup"]),
        SpokenValues(.caseID("chicken_noodle"), ["Chicken noodle soup"]),
    ]])
}

/// Checks every utterance, reporting how many were wrong and the first few.
private func expectNoMismatches(_ mismatches: [String], checked: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    #expect(checked > 0, sourceLocation: sourceLocation)
    #expect(mismatches.isEmpty, "\(mismatches.count) of \(checked) wrong, e.g.\n\(mismatches.prefix(12).joined(separator: "\n"))",
            sourceLocation: sourceLocation)
}

@Suite("Matcher: exhaustive small worlds")
struct MatcherWorldTests {
    @Test func soupWorldHasNoTiesAndEveryExpansionMatchesItsShortcutAndValue() {
        let world = World([Worlds.soup])
        #expect(world.expansions.count > 700)
        var mismatches: [String] = []
        for (expected, expansion) in world.expansions {
            // The world is built so that each utterance means one thing.
            if world.expected(expansion.text) != [expected] {
                mismatches.append("world design: “\(expansion.text)” means \(world.expected(expansion.text))")
            }
            if let problem = world.mismatch(expansion.text, expected: [expected]) { mismatches.append(problem) }
        }
        expectNoMismatches(mismatches, checked: world.expansions.count)
    }

    @Test func soupWorldNearMissesMatchOnlyWhatTheSpecAllows() {
        let world = World([Worlds.soup])
        var mismatches: [String] = []
        var checked = 0
        var matchedNothing = 0
        for (_, expansion) in world.expansions {
            for miss in world.nearMisses(expansion, extraWords: ["soup", "with", "order"], wrongNames: ["Pizza Palace", "Soup"]) {
                checked += 1
                let expected = world.expected(miss)
                if expected.isEmpty { matchedNothing += 1 }
                if let problem = world.mismatch(miss, expected: expected) { mismatches.append(problem) }
            }
        }
        expectNoMismatches(mismatches, checked: checked)
        // Most slips are not utterances of the table (a few are, e.g. an optional word dropped).
        #expect(matchedNothing * 10 > checked * 8)
    }

    @Test func soupWorldFillersAroundEveryExpansionAreDroppedAndReported() {
        let world = World([Worlds.soup])
        let fillers: [(lead: String, tail: String)] = [
            ("please", ""), ("", "thanks"), ("Hey,", "please"), ("Can you please", "for me"), ("I'd like to", "thank you"),
            ("could you", "now"), ("OK", "for me please"), ("Let's", ""),
        ]
        var mismatches: [String] = []
        var checked = 0
        for (expected, expansion) in world.expansions {
            for (lead, tail) in fillers {
                let utterance = [lead, expansion.text, tail].filter { !$0.isEmpty }.joined(separator: " ")
                let dropped = TextNormalizer.tokens(lead) + TextNormalizer.tokens(tail)
                checked += 1
                if let problem = world.mismatch(utterance, expected: [expected], dropped: dropped) { mismatches.append(problem) }
            }
        }
        expectNoMismatches(mismatches, checked: checked)
    }

    @Test func twoAppWorldReturnsEveryTieAndEachShortcutValueOnce() {
        let world = World([Worlds.jukebox, Worlds.player])
        var mismatches: [String] = []
        for (expected, expansion) in world.expansions {
            let all = world.expected(expansion.text)
            if !all.contains(expected) { mismatches.append("oracle lost “\(expansion.text)”") }
            if let problem = world.mismatch(expansion.text, expected: all) { mismatches.append(problem) }
        }
        expectNoMismatches(mismatches, checked: world.expansions.count)
    }

    @Test func twoAppWorldNearMissesAndSwappedAppNames() {
        let world = World([Worlds.jukebox, Worlds.player])
        var mismatches: [String] = []
        var checked = 0
        for (_, expansion) in world.expansions {
            let misses = world.nearMisses(expansion, extraWords: ["music", "on", "some"],
                                          wrongNames: ["Jukebox", "Player", "Music Box", "Radio", "Music"])
            for miss in misses {
                checked += 1
                if let problem = world.mismatch(miss, expected: world.expected(miss)) { mismatches.append(problem) }
            }
        }
        expectNoMismatches(mismatches, checked: checked)
    }

    @Test func specExampleCompilesCleanAndEveryExpansionMatches() {
        let world = World([Worlds.specExample])
        var mismatches: [String] = []
        var checked = 0
        for (expected, expansion) in world.expansions {
            checked += 1
            if let problem = world.mismatch(expansion.text, expected: [expected]) { mismatches.append(problem) }
            for miss in world.nearMisses(expansion, extraWords: ["soup", "order"], wrongNames: ["Soup Kitchen"]) {
                checked += 1
                if let problem = world.mismatch(miss, expected: world.expected(miss)) { mismatches.append(problem) }
            }
        }
        expectNoMismatches(mismatches, checked: checked)
    }
}

@Suite("Matcher: the world harness itself")
struct WorldHarnessTests {
    @Test func expanderEnumeratesEveryBranch() throws {
        let template = try TemplateParser.parse("(a | b) [c [d] | e] {app} {n}")
        let expansions = Expander.expand(template.items, appNames: ["X", "Y Z"],
                                         slots: ["n": [SpokenValues(.integer(1), ["1", "one"])]])
        // 2 × (1 + 2 + 1) × 2 × 2
        #expect(expansions.count == 32)
        #expect(Set(expansions.map(\.text)).count == 32)
        #expect(expansions.contains { $0.text == "b c d Y Z one" && $0.value == .integer(1) })
        #expect(expansions.contains { $0.text == "a X 1" })
    }

    @Test func harnessNoticesWrongAnswers() throws {
        let world = World([Worlds.soup])
        let (expected, expansion) = try #require(world.expansions.first)
        #expect(world.mismatch(expansion.text, expected: [expected]) == nil)
        #expect(world.mismatch(expansion.text, expected: []) != nil)
        #expect(world.mismatch(expansion.text, expected: [Expected(app: 0, shortcut: 1)]) != nil)
        #expect(world.mismatch(expansion.text, expected: [expected], dropped: ["please"]) != nil)
        #expect(world.mismatch("pizza", expected: []) == nil)
    }

    @Test func tieWorldReallyHasEachKindOfTie() {
        let world = World([Worlds.jukebox, Worlds.player])
        let ties = world.oracle.values.filter { $0.count > 1 }
        #expect(ties.contains { Set($0.map(\.app)).count == 2 })  // across apps
        #expect(ties.contains { $0.allSatisfy { $0.app == 0 } && Set($0.map(\.shortcut)).count == 2 })  // across shortcuts
        #expect(ties.contains { Set($0.map(\.shortcut)).count == 1 && Set($0.map(\.value)).count == 2 })  // across values
    }
}
