/// Feeds a recognition stream from an endpointer's utterance as it grows, so the utterance is
/// decoded while it is spoken and the end of speech leaves only the end of decoding.
struct StreamedUtterance {
    let stream: any UtteranceStream
    /// Samples of the utterance fed so far.
    private(set) var fed = 0

    init(_ stream: any UtteranceStream) { self.stream = stream }

    /// Feeds what `utterance` (the endpointer's `utteranceSoFar`, or the utterance that ended
    /// the stage) holds beyond what was fed.
    mutating func catchUp(_ utterance: ArraySlice<Int16>) {
        guard utterance.count > fed else { return }
        stream.feed(utterance.dropFirst(fed))
        fed = utterance.count
    }

    /// Feeds the rest of the utterance that ended and waits for what was heard.
    mutating func finish(_ utterance: SpeechAudio) async throws -> HeardSpeech {
        catchUp(utterance.samples[...])
        return try await stream.finish()
    }
}
