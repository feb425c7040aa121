import Foundation
import ParleySpeech
import Testing

@testable import ParleyDaemonSpeech

/// The pool makes a second PocketSphinx decoder only while the first is busy (real decoders).
@Suite struct RecognizerPoolTests {
    static let configuration = RecognizerConfiguration(
        pronunciationsPath: packageRoot.appendingPathComponent("models/pronunciations.dict").path)

    @Test func oneDecoderServesUtterancesThatDoNotOverlap() throws {
        let pool = try RecognizerPool(limit: 2, configuration: Self.configuration)
        #expect(pool.count == 1)
        let first = try pool.with { ObjectIdentifier($0) }
        let second = try pool.with { ObjectIdentifier($0) }
        #expect(first == second)
        #expect(pool.count == 1)
    }

    @Test func aSecondDecoderIsMadeWhileTheFirstIsBusyAndKept() throws {
        let pool = try RecognizerPool(limit: 2, configuration: Self.configuration)
        let (outer, inner) = try pool.with { busy in (ObjectIdentifier(busy), try pool.with { ObjectIdentifier($0) }) }
        #expect(outer != inner)
        #expect(pool.count == 2)
        // Both free now: overlapping again reuses them.
        let again = try pool.with { busy in Set([ObjectIdentifier(busy), try pool.with { ObjectIdentifier($0) }]) }
        #expect(again == Set([outer, inner]))
        #expect(pool.count == 2)
    }

    @Test func registeringOnEachReachesEveryDecoderMade() throws {
        let pool = try RecognizerPool(limit: 2, configuration: Self.configuration)
        try pool.with { _ in try pool.with { _ in } }
        var visited = 0
        try pool.withEach { _ in visited += 1 }
        #expect(visited == 2)
    }

    @Test func aStreamBorrowsTwoAtOnceAndWaitsForBothTogether() throws {
        let pool = try RecognizerPool(limit: 3, configuration: Self.configuration)
        let pair = pool.borrow(2)  // one made now, one grown
        #expect(Set(pair.map(ObjectIdentifier.init)).count == 2)
        #expect(pool.count == 2)
        // A third is made for a lone utterance; a second pair must wait until two come back.
        let third = pool.borrow(1)
        let waited = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var second: [RecognizerPool.Slot] = []
        Thread.detachNewThread {
            second = pool.borrow(2)
            waited.signal()
        }
        #expect(waited.wait(timeout: .now() + 0.3) == .timedOut)
        pool.giveBack(third)
        #expect(waited.wait(timeout: .now() + 0.3) == .timedOut, "one free is not two")
        pool.giveBack([pair[0]])
        #expect(waited.wait(timeout: .now() + 30) == .success)
        #expect(second.count == 2)
        #expect(pool.count == 3)
        pool.giveBack(second + [pair[1]])
    }
}

/// Decoders beyond the first are freed once they have sat unused long enough (real decoders).
@Suite struct RecognizerPoolShrinkingTests {
    @Test func aPoolForStreamsKeepsTwo() throws {
        let pool = try RecognizerPool(limit: 4, keep: 2, configuration: RecognizerPoolTests.configuration)
        pool.giveBack(pool.borrow(4))
        #expect(pool.count == 4)
        #expect(pool.shrink(idle: .seconds(60), now: .now + .seconds(3600)) == 2)
        #expect(pool.count == 2)
    }

    @Test func extraDecodersUnusedLongEnoughAreFreedAndTheFirstStays() throws {
        let pool = try RecognizerPool(limit: 3, configuration: RecognizerPoolTests.configuration)
        try pool.with { _ in try pool.with { _ in try pool.with { _ in } } }
        #expect(pool.count == 3)
        // Just used: nothing has been idle for a minute yet.
        #expect(pool.shrink(idle: .seconds(60)) == 0)
        #expect(pool.count == 3)
        // An hour on, every decoder is idle; one is kept.
        #expect(pool.shrink(idle: .seconds(60), now: .now + .seconds(3600)) == 2)
        #expect(pool.count == 1)
        #expect(pool.shrink(idle: .zero, now: .now + .seconds(3600)) == 0)
        // It grows again when utterances overlap.
        try pool.with { _ in try pool.with { _ in } }
        #expect(pool.count == 2)
    }

    @Test func aBusyDecoderIsNeverFreed() throws {
        let pool = try RecognizerPool(limit: 2, configuration: RecognizerPoolTests.configuration)
        try pool.with { _ in
            try pool.with { _ in
                #expect(pool.shrink(idle: .zero, now: .now + .seconds(3600)) == 0)
            }
        }
        #expect(pool.count == 2)
    }

    @Test func registeringOnEachSkipsDecodersFreedMeanwhile() throws {
        let pool = try RecognizerPool(limit: 2, configuration: RecognizerPoolTests.configuration)
        try pool.with { _ in try pool.with { _ in } }
        var visited = 0
        try pool.withEach { _ in
            visited += 1
            pool.shrink(idle: .zero, now: .now + .seconds(3600))  // frees the other while this one is busy
        }
        #expect(visited == 1)
        #expect(pool.count == 1)
    }
}
