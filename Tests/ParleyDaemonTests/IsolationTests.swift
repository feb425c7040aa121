import Foundation
import ParleyDaemon
import ParleyWyoming
import Testing

let brokenHandlers = packageRoot.appendingPathComponent("Tests/ParleyDialogueTests/Golden/tables/broken").path

@Suite struct IsolationTests {
    @Test func aHangingHandlerHoldsUpOnlyItsOwnConversation() async throws {
        let daemon = try TestDaemon {
            $0.phrases = brokenHandlers
            // Far longer than starting a crashing Python handler takes even on a loaded machine,
            // so the order below cannot depend on how busy the machine is.
            $0.handlerTimeout = .seconds(10)
        }
        let order = try await daemon.withServer { address in
            try await withThrowingTaskGroup(of: String.self) { group in
                group.addTask {
                    try await WyomingClient.withConnection(to: address) { client in
                        let reply = try await client.handle("turn on lamp hangs", conversationID: "hangs")
                        #expect(reply.text == "Sorry, Lamp Hangs isn't responding right now. Please try again later.")
                        return "hangs"
                    }
                }
                group.addTask {
                    try await WyomingClient.withConnection(to: address) { client in
                        let reply = try await client.handle("turn on lamp crashes", conversationID: "crashes")
                        #expect(reply.text == "Sorry, Lamp Crashes isn't responding right now. Please try again later.")
                        for _ in 0..<3 {
                            try await client.send(.ping(text: "alive"))
                            #expect(try await client.reply() == .pong(text: "alive"))
                        }
                        return "others"
                    }
                }
                var order: [String] = []
                for try await name in group { order.append(name) }
                return order
            }
        }
        // The crash is answered and pings served while the hanging handler is still awaited.
        #expect(order == ["others", "hangs"])
        try await daemon.shutdown()
    }

    @Test func evictionMakesRoomWithoutTouchingBusyConversations() async throws {
        let daemon = try TestDaemon { $0.maxConversations = 2 }
        var (session, recorder) = daemon.session()
        for id in ["a", "b", "c"] {
            try await session.receive(WyomingEvent.transcript(Transcript(text: "order soup with soup chef", context: ["conversation_id": .string(id)])).frame)
        }
        #expect(daemon.context.conversations.count == 2)
        // "a" was the least recently used: it starts afresh; "c" goes on.
        _ = recorder.take()
        try await session.receive(WyomingEvent.transcript(Transcript(text: "chowder", context: ["conversation_id": "a"])).frame)
        try await session.receive(WyomingEvent.transcript(Transcript(text: "chowder", context: ["conversation_id": "c"])).frame)
        #expect(recorder.take().map(\.handledText) == ["Sorry, I don't know how to help with that.", soupOrder[1].reply])
        try await daemon.shutdown()
    }

    @Test func idleConversationsExpire() async throws {
        let daemon = try TestDaemon()
        var (session, _) = daemon.session()
        // Deadlines taken around the turn, not offsets from now, so a slow machine cannot change the outcome.
        let before = ContinuousClock.now
        try await session.receive(WyomingEvent.transcript(Transcript(text: "order soup with soup chef", context: ["conversation_id": "x"])).frame)
        let after = ContinuousClock.now
        #expect(daemon.context.conversations.count == 1)
        #expect(daemon.context.conversations.expire(idleSince: before) == 0)
        #expect(daemon.context.conversations.expire(idleSince: after + .nanoseconds(1)) == 1)
        #expect(daemon.context.conversations.count == 0)
        try await daemon.shutdown()
    }
}
