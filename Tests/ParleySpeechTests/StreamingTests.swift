import Foundation
import Testing
@testable import ParleySpeech

/// Decoding while audio arrives hears what decoding the whole utterance hears (real decoders,
/// eSpeak NG audio made at test time).
@Suite struct StreamingTests {
    static func topLevelRecognizer() throws -> (Recognizer, SpeechTranscriber) {
        let transcriber = try SpeechTranscriber(ShippedTables.compiled())
        return (transcriber.recognizer, transcriber)
    }

    /// `audio` fed to a stream in pieces of `piece` samples.
    static func streamed(_ audio: PCMAudio, piece: Int, grammar: String, on decoder: Recognizer, loop: Recognizer,
                         startMean: [Float]? = nil, leadIn: Int = 0,
                         trust: Double = RecognitionStream.trustedAbove, gain: Double = 0) throws -> (Recognition, RecognitionStream) {
        let stream = try RecognitionStream(grammar: grammar, on: decoder, loop: loop, startMean: startMean, leadIn: leadIn, trust: trust,
                                           gain: gain)
        var offset = 0
        while offset < audio.samples.count {
            let end = min(audio.samples.count, offset + piece)
            try stream.feed(Array(audio.samples[offset..<end]))
            offset = end
        }
        return (try stream.finish(), stream)
    }

    @Test(arguments: ["order tomato soup with soup chef", "start sleep meditation with still mind", "what can I say"])
    func aStreamHearsWhatTheWholeUtteranceGives(_ text: String) throws {
        let (decoder, _) = try Self.topLevelRecognizer()
        let loop = try Recognizer(configuration: decoder.configuration)
        let audio = try FreshSpeech.recognizerAudio(text, voice: "en-us", wordsPerMinute: 170)
        let whole = try decoder.recognize(audio)
        for piece in [320, 1_000, 7_777] {  // 20 ms as satellites send it, and odd sizes
            let (streamed, stream) = try Self.streamed(audio, piece: piece, grammar: SpeechTranscriber.topLevelGrammar, on: decoder, loop: loop)
            #expect(!stream.decodedWhole)
            #expect(streamed.words == whole.words, "pieces of \(piece)")
            #expect(abs(streamed.confidence - whole.confidence) < 0.02, "pieces of \(piece): \(streamed.confidence) vs \(whole.confidence)")
            // The live front end leaves out the last few frames of the closing padding.
            #expect(abs(streamed.frames - whole.frames) <= 5, "\(streamed.frames) vs \(whole.frames) frames")
        }
        #expect(!whole.words.isEmpty)
    }

    /// Decoders made under load skip the warm-up; a stream on them starts from the warm-up
    /// sentence's cepstral mean, not the model's, and finds the path at once (from the model's
    /// `-cmninit` it found none, and only the slow wide-beam retry heard anything).
    @Test func decodersNeverUsedBeforeStreamRight() throws {
        let compiled = try ShippedTables.compiled()
        _ = try Recognizer()  // the process's first decoder sets the warm-up mean
        #expect(Recognizer.warmUpMean != nil)
        let decoder = try Recognizer(warmUp: false)
        try decoder.register(GrammarBuilder.topLevel(compiled), name: "top")
        let loop = try Recognizer(warmUp: false)
        let audio = try FreshSpeech.recognizerAudio("order tomato soup with soup chef", voice: "en-us", wordsPerMinute: 170)
        let (streamed, stream) = try Self.streamed(audio, piece: 320, grammar: "top", on: decoder, loop: loop)
        #expect(streamed.text == "order tomato soup with soupchef")
        #expect(!stream.decodedWhole, "the streamed passes were sure")
        #expect(streamed.confidence > 0.9)
    }

    /// A stream that starts from a poor estimate of the cepstral mean hears badly or not at all;
    /// it is not trusted, and the utterance is decoded again whole, as `recognize` decodes it.
    @Test func anUnsureStreamIsDecodedAgainWhole() throws {
        let (decoder, _) = try Self.topLevelRecognizer()
        let loop = try Recognizer(configuration: decoder.configuration)
        let audio = try FreshSpeech.recognizerAudio("start sleep meditation with still mind", voice: "en-us", wordsPerMinute: 170)
        let whole = try decoder.recognize(audio)
        // The model's own starting mean (`-cmninit` of its feat.params), with which new decoders
        // found no path at all.
        let parameters = try String(contentsOfFile: decoder.configuration.modelDirectory + "/feat.params", encoding: .utf8)
        let line = try #require(parameters.split(separator: "\n").first { $0.hasPrefix("-cmninit") })
        let poor = line.split(separator: " ").last.map { $0.split(separator: ",").compactMap { Float($0) } } ?? []
        #expect(poor.count == 13)
        let (streamed, stream) = try Self.streamed(audio, piece: 320, grammar: SpeechTranscriber.topLevelGrammar,
                                                   on: decoder, loop: loop, startMean: poor)
        #expect(stream.decodedWhole)
        #expect(streamed == whole)
    }

    @Test func aStreamCarriesItsMeanToTheNext() throws {
        let (decoder, _) = try Self.topLevelRecognizer()
        let loop = try Recognizer(configuration: decoder.configuration)
        let audio = try FreshSpeech.recognizerAudio("what can I say", voice: "en-us+f3", wordsPerMinute: 190)
        let stream = try RecognitionStream(grammar: SpeechTranscriber.topLevelGrammar, on: decoder, loop: loop)
        try stream.feed(audio.samples)
        _ = try stream.finish()
        let after = try #require(stream.endMean)
        let before = try #require(Recognizer.warmUpMean)
        #expect(after.count == before.count)
        #expect(after != before, "the utterance moved the estimate")
        let next = try RecognitionStream(grammar: SpeechTranscriber.topLevelGrammar, on: decoder, loop: loop, startMean: after)
        try next.feed(audio.samples)
        #expect(try next.finish().text == "what can i say")
    }

    @Test func outOfGrammarSpeechIsRejectedAsItStreams() throws {
        let (decoder, _) = try Self.topLevelRecognizer()
        let loop = try Recognizer(configuration: decoder.configuration)
        let audio = try FreshSpeech.recognizerAudio("the weather was lovely in the mountains last week", voice: "en-us", wordsPerMinute: 170)
        let (streamed, _) = try Self.streamed(audio, piece: 320, grammar: SpeechTranscriber.topLevelGrammar, on: decoder, loop: loop)
        #expect(streamed.isEmpty || streamed.confidence < SpeechTranscriber.defaultMinimumConfidence, "\(streamed.text) at \(streamed.confidence)")
    }

    @Test func aStreamWithoutAudioHearsNothing() throws {
        let (decoder, _) = try Self.topLevelRecognizer()
        let loop = try Recognizer(configuration: decoder.configuration)
        let stream = try RecognitionStream(grammar: SpeechTranscriber.topLevelGrammar, on: decoder, loop: loop)
        #expect(try stream.finish().isEmpty)
        #expect(throws: SpeechError.self) { try stream.feed([1, 2, 3]) }
    }

    /// A stream given up mid-utterance (cancelled, or dropped unfinished) ends its passes, so
    /// the same two recognizers stream, switch grammars and decode whole right after it.
    @Test func aStreamGivenUpLeavesItsRecognizersReady() throws {
        let (decoder, _) = try Self.topLevelRecognizer()
        let loop = try Recognizer(configuration: decoder.configuration)
        let audio = try FreshSpeech.recognizerAudio("order tomato soup with soup chef", voice: "en-us", wordsPerMinute: 170)
        let whole = try decoder.recognize(audio)
        #expect(!whole.isEmpty)
        let half = Array(audio.samples.prefix(audio.samples.count / 2))
        let cancelled = try RecognitionStream(grammar: SpeechTranscriber.topLevelGrammar, on: decoder, loop: loop)
        try cancelled.feed(half)
        cancelled.cancel()
        #expect(throws: SpeechError.self) { try cancelled.finish() }
        let (streamed, _) = try Self.streamed(audio, piece: 320, grammar: SpeechTranscriber.topLevelGrammar, on: decoder, loop: loop)
        #expect(streamed.words == whole.words)
        do {
            let dropped = try RecognitionStream(grammar: SpeechTranscriber.topLevelGrammar, on: decoder, loop: loop)
            try dropped.feed(half)
        }
        #expect(try decoder.recognize(audio).words == whole.words)
    }

    @Test func aStreamNeedsARegisteredGrammarAndASecondDecoder() throws {
        let (decoder, _) = try Self.topLevelRecognizer()
        #expect(throws: SpeechError.self) { try RecognitionStream(grammar: "nope", on: decoder, loop: nil) }
        #expect(throws: SpeechError.self) { try RecognitionStream(grammar: SpeechTranscriber.topLevelGrammar, on: decoder, loop: nil) }
    }

    @Test func resamplingInPiecesMatchesResamplingAtOnce() throws {
        let speech = try SpeechSynthesizer().synthesize("order soup with soup chef")  // 22,050 Hz
        let whole = try AudioConverter.recognizerAudio(speech).samples
        let resampler = try StreamingResampler(from: speech.sampleRate, to: 16_000)
        var pieces: [Int16] = []
        var offset = 0
        while offset < speech.samples.count {
            let end = min(speech.samples.count, offset + 441)
            pieces += try resampler.process(Array(speech.samples[offset..<end]))
            offset = end
        }
        pieces += try resampler.flush()
        #expect(abs(pieces.count - whole.count) <= 2)
        // The same filter: sample for sample within rounding.
        let compared = min(pieces.count, whole.count)
        let worst = (0..<compared).map { abs(Int(pieces[$0]) - Int(whole[$0])) }.max() ?? 0
        #expect(worst <= 2, "largest difference \(worst)")
    }

    @Test func theSharedDictionaryHasEveryPronunciationOfAWord() throws {
        let lexicon = try CMULexicon.shared(path: RecognizerConfiguration().dictionaryPath)
        #expect(lexicon.count > 130_000)
        #expect(lexicon.phones(of: "soup") == ["S", "UW", "P"])
        #expect(lexicon.pronunciations(of: "read").count >= 2)
        #expect(lexicon.pronunciations(of: "soupchef").isEmpty)
        #expect(lexicon.phones(of: "zzyzzx") == nil)
        #expect(try CMULexicon.shared(path: RecognizerConfiguration().dictionaryPath) === lexicon)
    }

    @Test func aLexiconReadsAlternatesCommentsAndAFileWithoutAFinalNewline() {
        let text = "b B IY\na AH\na(2) EY # the letter\nc S IY"
        let lexicon = CMULexicon(bytes: Array(text.utf8))
        #expect(lexicon.pronunciations(of: "a") == [["AH"], ["EY"]])
        #expect(lexicon.phones(of: "c") == ["S", "IY"])
        #expect(lexicon.phones(of: "b") == ["B", "IY"])
        #expect(lexicon.count == 4)
    }
}
