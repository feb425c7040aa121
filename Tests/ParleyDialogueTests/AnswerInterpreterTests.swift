import ParleyDialogue
import ParleyGrammar
import Testing

private func tokens(_ text: String) -> [String] { TextNormalizer.tokens(text) }

private let soups = [
    Choice(value: .caseID("clam_chowder"), title: "Clam chowder", forms: [tokens("Clam chowder"), tokens("chowder"), tokens("clam soup")]),
    Choice(value: .caseID("tomato"), title: "Tomato soup", forms: [tokens("Tomato soup"), tokens("tomato")]),
    Choice(value: .caseID("chicken_noodle"), title: "Chicken noodle soup", forms: [tokens("Chicken noodle soup"), tokens("chicken soup")]),
]
private let stores = [
    Choice(value: .option("38801 South Sheridan Boulevard"), title: "38801 South Sheridan Boulevard", forms: [tokens("38801 South Sheridan Boulevard")]),
    Choice(value: .option("7401 South Lewis Avenue"), title: "7401 South Lewis Avenue", forms: [tokens("7401 South Lewis Avenue")]),
]

@Suite("Answers as people say them")
struct AnswerInterpreterTests {
    @Test(arguments: ["yes", "yeah", "yep", "sure", "yes please", "okay", "that's right", "correct", "go ahead", "Yes, please!"])
    func yes(_ text: String) { #expect(AnswerInterpreter.yesNo(tokens(text)) == true) }

    @Test(arguments: ["no", "nope", "nah", "no thanks", "no thank you", "not really", "No."])
    func no(_ text: String) { #expect(AnswerInterpreter.yesNo(tokens(text)) == false) }

    @Test func theIntentsVerbMeansYes() {
        let verbs = [tokens("order")]
        for text in ["order", "order it", "Order that"] { #expect(AnswerInterpreter.yesNo(tokens(text), verbs: verbs) == true) }
        #expect(AnswerInterpreter.yesNo(tokens("banana"), verbs: verbs) == nil)
    }

    @Test(arguments: [("six", 6.0), ("twenty one", 21), ("3", 3), ("I'd like 4 please", 4), ("a dozen", 12), ("a couple", 2)])
    func numbers(_ text: String, _ value: Double) { #expect(AnswerInterpreter.number(tokens(text)) == value) }

    @Test func twoNumbersAreNotOneAnswer() { #expect(AnswerInterpreter.number(tokens("three or four")) == nil) }

    @Test(arguments: [
        ("chowder", "clam_chowder"), ("Tomato soup", "tomato"), ("the first one", "clam_chowder"), ("the last one", "chicken_noodle"),
        ("number two", "tomato"), ("second", "tomato"), ("the 3rd one", "chicken_noodle"), ("I'd like the tomato please", "tomato"),
        ("um chicken soup", "chicken_noodle"), ("the noodle one", "chicken_noodle"),
    ])
    func choices(_ text: String, _ id: String) {
        #expect(AnswerInterpreter.choose(tokens(text), from: soups) == .one(soups.first { $0.value == .caseID(id) }!))
    }

    @Test func aPartThatFitsOneItemOnly() {
        #expect(AnswerInterpreter.choose(tokens("the Lewis one"), from: stores) == .one(stores[1]))
        #expect(AnswerInterpreter.choose(tokens("Sheridan"), from: stores) == .one(stores[0]))
    }

    @Test func aPartThatFitsSeveralIsAskedAbout() {
        #expect(AnswerInterpreter.choose(tokens("south"), from: stores) == .several(stores))
        #expect(AnswerInterpreter.choose(tokens("soup"), from: soups) == .several(soups))
    }

    @Test func nothingFits() {
        #expect(AnswerInterpreter.choose(tokens("pizza"), from: soups) == .none)
        #expect(AnswerInterpreter.choose(tokens("the fifth one"), from: soups) == .none)
    }

    @Test(arguments: [
        ("cancel", GlobalCommand.cancel), ("never mind", .cancel), ("stop", .cancel), ("repeat", .repeatQuestion),
        ("say that again", .repeatQuestion), ("what", .repeatQuestion), ("help", .help), ("what can I say", .help),
        ("more", .more), ("cancel please", .cancel),
    ])
    func globalCommands(_ text: String, _ command: GlobalCommand) { #expect(GlobalCommand.detect(tokens(text)) == command) }
}

@Suite("Spoken durations, times and dates")
struct SpokenTimeTests {
    @Test(arguments: [
        ("ten minutes", "PT10M"), ("an hour and a half", "PT1H30M"), ("half an hour", "PT30M"), ("1 hour 30 minutes", "PT1H30M"),
        ("90 seconds", "PT1M30S"), ("a quarter of an hour", "PT15M"), ("two days", "P2D"), ("an hour", "PT1H"),
    ])
    func durations(_ text: String, _ iso: String) { #expect(SpokenTime.duration(tokens(text)) == iso) }

    @Test(arguments: [
        ("5 pm", "17:00"), ("seven thirty pm", "19:30"), ("noon", "12:00"), ("midnight", "00:00"), ("half past 5", "05:30"),
        ("quarter to 6", "05:45"), ("at 9 am", "09:00"), ("12 am", "00:00"), ("17 30", "17:30"),
    ])
    func times(_ text: String, _ clock: String) { #expect(SpokenTime.time(tokens(text)) == clock) }

    @Test(arguments: [
        ("today", "2026-11-22"), ("tomorrow", "2026-11-23"), ("the day after tomorrow", "2026-11-24"), ("on Friday", "2026-11-27"),
        ("next Sunday", "2026-11-29"), ("Sunday", "2026-11-22"), ("March 3rd", "2026-03-03"), ("the third of March 2027", "2027-03-03"),
        ("December twenty first", "2026-12-21"),
    ])
    func dates(_ text: String, _ iso: String) {
        #expect(SpokenTime.date(tokens(text), today: CalendarDay(year: 2026, month: 11, day: 22)) == iso)
    }

    @Test func calendarArithmeticRoundTrips() {
        for ordinal in stride(from: -800_000, to: 800_000, by: 997) {
            #expect(CalendarDay(ordinal: ordinal).ordinal == ordinal)
        }
        #expect(CalendarDay(year: 2026, month: 11, day: 22).weekday == 6)
        #expect(CalendarDay(year: 2024, month: 2, day: 28).adding(days: 1) == CalendarDay(year: 2024, month: 2, day: 29))
    }
}

@Suite("Lists and values for the ear")
struct SpokenTextTests {
    @Test func listsJoinNaturally() {
        #expect(SpokenText.list(["Clam chowder"]) == "Clam chowder")
        #expect(SpokenText.list(["Clam chowder", "Tomato soup"]) == "Clam chowder or tomato soup")
        #expect(SpokenText.list(["Clam chowder", "Tomato soup", "Chicken noodle soup"]) == "Clam chowder, tomato soup, or chicken noodle soup")
        #expect(SpokenText.list(["Jazz", "Radio"], keepCase: true) == "Jazz or Radio")
    }

    @Test func namesKeepTheirCapitals() {
        #expect(SpokenText.midSentence("7401 South Lewis Avenue") == "7401 South Lewis Avenue")
        #expect(SpokenText.midSentence("Clam chowder") == "clam chowder")
    }

    @Test func templatesAreFilledAndSentencesCapitalized() {
        #expect(SpokenText.fill("Ready to order {quantity} {soup}?", parameters: ["quantity": "1", "soup": "clam chowder"])
                == "Ready to order 1 clam chowder?")
        #expect(SpokenText.fill("{soup} is ready.", parameters: ["soup": "clam chowder"]) == "Clam chowder is ready.")
    }

    @Test func outputsAreSpoken() {
        #expect(SpokenText.output(.number(3.75), type: "currency") == "$3.75")
        #expect(SpokenText.output(.number(15), type: "currency") == "$15.00")
        #expect(SpokenText.output(.text("PT10M"), type: "duration") == "10 minutes")
        #expect(SpokenText.output(.text("PT1H1M"), type: "duration") == "1 hour 1 minute")
        #expect(SpokenText.spokenTime("2026-11-23") == "Monday, November 23")
        #expect(SpokenText.spokenTime("19:30") == "7:30 PM")
    }
}
