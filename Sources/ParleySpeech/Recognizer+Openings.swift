/// Fallback openings (`SpeechGrammar.fallbackOpenings`): an utterance the grammar alone heard
/// doubtfully is decoded again with “please …”, “could you …” or “I'd like …” in front.
extension Recognizer {
    /// The name of the search with grammar `name`'s fallback openings in front (`SpeechGrammar.opened(by:)`).
    static func openedSearch(_ name: String) -> String { name + "#opened" }

    /// The confidence a result heard only with an opening in front must reach. A second search
    /// is a second chance for speech outside the grammar too: real coffee orders are spoken
    /// requests, and the openings fit their first words. At the top level's acceptance level 5
    /// more of the 120 were taken for shortcuts (rejection 118 → 113); at 0.8 one (117: a mocha
    /// order heard as “can you soupchef order soup” at 0.95); at 0.9 the same, but 5 fewer of the
    /// 200 polite commands were heard (184).
    static let openedFloor = 0.8

    /// `recognition`, or the same audio decoded with `grammar`'s openings in front when that
    /// explains it better: a higher confidence against the same phone-loop pass (compared before
    /// it is squashed, `ConfidenceScale.excess`, so two results near 1 are still told apart), at
    /// least `openedFloor`. A command said after “please” or “could you” fits the grammar alone badly —
    /// the grammar must spell the opening with its own words — and comes out rejected or as
    /// another command.
    func withOpenings(_ recognition: Recognition, samples: [Int16], grammar: String, loop: Pass) throws -> Recognition {
        let path = try decode(samples, search: Self.openedSearch(grammar))
        guard let heard = interpreted(path, audio: audioFrames(ofPadded: samples)) else { return recognition }
        let opened = scored(heard, loop: loop)
        let better = confidenceScale.excess(of: opened) < confidenceScale.excess(of: recognition)
        return better && opened.confidence >= Self.openedFloor ? opened : recognition
    }
}
