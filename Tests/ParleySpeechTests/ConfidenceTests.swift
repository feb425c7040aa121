import Foundation
import Testing
@testable import ParleySpeech

/// How the gap between the grammar path and the phone loop becomes a confidence.
@Suite struct ConfidenceTests {
    @Test func theAllowanceComesOffBeforeTheGapIsSpreadOverTheWords() {
        let scale = ConfidenceScale(midpoint: 42, width: 4, allowance: 500)
        #expect(abs(scale.confidence(gap: 500 + 42 * 40, speechFrames: 40) - 0.5) < 1e-9)
        #expect(abs(scale.confidence(gap: 500 + 42 * 200, speechFrames: 200) - 0.5) < 1e-9)
        // The same gap per frame is doubted less in a short answer than in a long sentence.
        let short = scale.confidence(gap: 47 * 40, speechFrames: 40)
        let long = scale.confidence(gap: 47 * 200, speechFrames: 200)
        #expect(short > 0.6 && long < 0.4, "\(short) \(long)")
        #expect(scale.confidence(gap: 100, speechFrames: 0) == 0)
    }

    @Test func withoutAnAllowanceTheScaleIsThePerFrameLogistic() {
        let scale = ConfidenceScale(midpoint: 45, width: 4)
        #expect(abs(scale.confidence(gap: 45 * 30, speechFrames: 30) - 0.5) < 1e-9)
        #expect(scale.confidence(gap: 20 * 30, speechFrames: 30) > 0.99)
        #expect(scale.confidence(gap: 70 * 30, speechFrames: 30) < 0.01)
    }
}
