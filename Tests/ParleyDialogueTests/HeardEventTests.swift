import Foundation
import ParleyDialogue
import ParleyGrammar
import Testing

/// `heard` on the events of a spoken turn: a compatible extension of conversation.md's events.
@Suite struct HeardEventTests {
    static let events: [ConversationEvent] = [
        .recognized(app: "Soup Chef", intent: "OrderSoup", parameters: [("soup", .caseID("tomato"))], text: nil),
        .ask(kind: .value, parameter: "store", options: ["A", "B"], reason: .notUnderstood, text: "Which store?"),
        .done(app: "Soup Chef", intent: "OrderSoup", parameters: [], outputs: [("total", .number(4.5))], text: "Done."),
        .cancelled(text: "Okay, cancelled."),
        .notRecognized(text: "Sorry."),
        .failed(reason: "retries", text: "Sorry."),
    ]

    @Test(arguments: events)
    func heardIsTheLastFieldAndTheRestIsUnchanged(_ event: ConversationEvent) throws {
        let heard = HeardUtterance(text: "order tomato soup", confidence: 0.8734)
        let line = event.json(heard: heard)
        #expect(line == String(event.json.dropLast()) + ",\"heard\":{\"text\":\"order tomato soup\",\"confidence\":0.873}}")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let plain = try #require(try JSONSerialization.jsonObject(with: Data(event.json.utf8)) as? [String: Any])
        #expect(Set(object.keys) == Set(plain.keys).union(["heard"]))
        let heardObject = try #require(object["heard"] as? [String: Any])
        #expect(heardObject["text"] as? String == "order tomato soup")
        #expect(heardObject["confidence"] as? Double == 0.873)
    }

    @Test func typedTurnsCarryNoHeard() {
        for event in Self.events { #expect(event.json(heard: nil) == event.json) }
    }

    @Test func heardTextIsEscaped() {
        #expect(HeardUtterance(text: "say \"hi\"", confidence: 0).json == "{\"text\":\"say \\\"hi\\\"\",\"confidence\":0.000}")
    }
}
