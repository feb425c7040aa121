import Foundation
import Testing
@testable import ParleySpeech

/// The start and end of an utterance where only quieter talkers are heard are cut before decoding;
/// steady noise and silence stay.
@Suite struct TalkerSpanTests {
    /// `audio` scaled by `decibels` (negative: quieter).
    static func scaled(_ audio: PCMAudio, _ decibels: Double) -> [Int16] {
        let gain = pow(10, decibels / 20)
        return audio.samples.map { Int16(max(-32768, min(32767, (Double($0) * gain).rounded()))) }
    }

    /// The speaker's `text` with another voice saying `before` and `after`, `quieter` dB down,
    /// on either side; and where the speaker's samples lie.
    static func overheard(_ text: String, before: String, after: String, quieter: Double) throws -> (samples: [Int16], speaker: Range<Int>) {
        let speaker = try FreshSpeech.recognizerAudio(text, voice: "en-us", wordsPerMinute: 170).samples
        let first = try scaled(FreshSpeech.recognizerAudio(before, voice: "en-us+f3", wordsPerMinute: 190), -quieter)
        let last = try scaled(FreshSpeech.recognizerAudio(after, voice: "en-us+m3", wordsPerMinute: 190), -quieter)
        return (first + speaker + last, first.count..<(first.count + speaker.count))
    }

    @Test func quieterTalkersBeforeAndAfterAreCut() throws {
        let (samples, speaker) = try Self.overheard("add milk to grocery cart", before: "what are my options",
                                                    after: "check scores on home plate", quieter: 24)
        let kept = TalkerSpan(decibels: 10).range(of: samples)
        let margin = TalkerSpan.window * (TalkerSpan.margin + 1)
        #expect(kept.lowerBound >= speaker.lowerBound - margin && kept.lowerBound <= speaker.lowerBound + TalkerSpan.window,
                "starts at \(kept.lowerBound), the speaker at \(speaker.lowerBound)")
        // eSpeak NG ends its audio with a little silence of its own.
        #expect(kept.upperBound <= speaker.upperBound + margin && kept.upperBound >= speaker.upperBound - 3 * TalkerSpan.window,
                "ends at \(kept.upperBound), the speaker at \(speaker.upperBound)")
        #expect(kept.count < samples.count / 2)
    }

    @Test func steadyNoiseCutsNothing() throws {
        let clean = try FreshSpeech.recognizerAudio("start sleep meditation with still mind", voice: "en-us", wordsPerMinute: 170)
            .padded(seconds: 1)
        var mixer = NoiseMixer(seed: 5)
        for snr in [10.0, 24] {
            let noisy = mixer.mix(clean, snrDecibels: snr)
            #expect(TalkerSpan(decibels: 10).range(of: noisy.samples) == 0..<noisy.samples.count, "\(snr) dB")
        }
    }

    /// Soft last words 18 dB under the loud ones, then silence: the speaker's own, kept.
    @Test func aSpeakerTrailingOffKeepsTheLastWord() throws {
        let loud = try FreshSpeech.recognizerAudio("add milk to grocery cart", voice: "en-us", wordsPerMinute: 170).samples
        let soft = try Self.scaled(FreshSpeech.recognizerAudio("and some bread please", voice: "en-us", wordsPerMinute: 170), -18)
        let gap = [Int16](repeating: 0, count: 8_000), silence = [Int16](repeating: 0, count: 32_000)
        let samples = loud + gap + soft + silence
        let kept = TalkerSpan(decibels: 10).range(of: samples)
        #expect(kept == 0..<samples.count)
        // The same soft words with another talker going on after them are cut with that talker.
        let other = try Self.scaled(FreshSpeech.recognizerAudio("check scores on home plate", voice: "en-us+m3", wordsPerMinute: 190), -18)
        let overheard = loud + gap + soft + other
        #expect(TalkerSpan(decibels: 10).range(of: overheard).upperBound < loud.count + gap.count + TalkerSpan.window * 4)
    }

    /// A short answer whose soft ending runs to the end of the audio keeps it: too short an end
    /// to tell from another talker (eSpeak NG's “herons” in noise lost its “-ns” and was heard as
    /// “what” before this rule).
    @Test func aShortSoftEndingStays() {
        var samples: [Int16] = []
        for index in 0..<(5 * 1_600) { samples.append(index % 2 == 0 ? 8_000 : -8_000) }
        for window in 0..<6 {
            let level: Int16 = window % 2 == 0 ? 1_000 : 200
            for index in 0..<1_600 { samples.append(index % 2 == 0 ? level : -level) }
        }
        #expect(TalkerSpan(decibels: 10).range(of: samples) == 0..<samples.count)
    }

    @Test func steadySilenceAroundTheSpeechStays() throws {
        let clean = try FreshSpeech.recognizerAudio("order tomato soup", voice: "en-us", wordsPerMinute: 170)
        let padded = clean.padded(seconds: 2)
        #expect(TalkerSpan(decibels: 10).range(of: padded.samples) == 0..<padded.samples.count)
    }

    @Test func offShortOrSilentAudioStaysWhole() {
        let quiet = [Int16](repeating: 0, count: 32_000)
        #expect(TalkerSpan(decibels: 10).range(of: quiet) == 0..<32_000)
        let short = (0..<4_000).map { Int16(truncatingIfNeeded: ($0 * 37) % 2_000 - 1_000) }
        #expect(TalkerSpan(decibels: 10).range(of: short) == 0..<4_000)
        // A loud burst between quiet ones that come and go, as another talker's syllables do.
        var burst = [Int16](repeating: 0, count: 48_000)
        for index in 0..<48_000 where (index / 1_600) % 2 == 0 { burst[index] = index % 2 == 0 ? 100 : -100 }
        for index in 20_000..<24_000 { burst[index] = index % 2 == 0 ? 8_000 : -8_000 }
        #expect(TalkerSpan(decibels: 0).range(of: burst) == 0..<48_000)
        #expect(TalkerSpan(decibels: 10).range(of: burst) == (20_000 / 1_600 - 3) * 1_600..<(23_999 / 1_600 + 4) * 1_600)
        #expect(TalkerSpan(decibels: 50).range(of: burst) == 0..<48_000, "the quiet ones are within 50 dB")
    }

    /// Through the real recognizer: the shortcut said between two quieter talkers is the one heard.
    @Test func theSpeakerIsHeardNotTheRoom() throws {
        let transcriber = try SpeechTranscriber(ShippedTables.compiled())
        #expect(transcriber.recognizer.configuration.talkerSpan == 10, "on by default")
        let (samples, _) = try Self.overheard("add milk to grocery cart", before: "check scores on home plate",
                                              after: "start hiking with trail scout", quieter: 24)
        let heard = try transcriber.transcribe(PCMAudio(samples: samples, sampleRate: AudioConverter.recognizerRate))
        #expect(heard.recognition.text == "add milk to grocery cart")
        #expect(heard.match?.intent == "AddItem")
    }

    /// A stream hears the other talkers as they come; at its end it is decoded again whole, cut —
    /// with a confidence, and without one (no phone loop), where the streamed words are otherwise
    /// taken as they are.
    @Test(arguments: [true, false])
    func aStreamWithOtherTalkersIsDecodedAgainWhole(confidence: Bool) throws {
        let configuration = confidence ? RecognizerConfiguration() : RecognizerConfiguration(phoneLanguageModelPath: "")
        let decoder = try SpeechTranscriber(ShippedTables.compiled(), configuration: configuration).recognizer
        let loop = try Recognizer(configuration: decoder.configuration)
        let (samples, _) = try Self.overheard("add milk to grocery cart", before: "check scores on home plate",
                                              after: "start hiking with trail scout", quieter: 24)
        let audio = PCMAudio(samples: samples, sampleRate: AudioConverter.recognizerRate)
        let (streamed, stream) = try StreamingTests.streamed(audio, piece: 320, grammar: SpeechTranscriber.topLevelGrammar,
                                                             on: decoder, loop: loop)
        #expect(stream.decodedWhole)
        #expect(streamed.text == "add milk to grocery cart")
        // Alone, the speaker streams without a second decode.
        let alone = try FreshSpeech.recognizerAudio("add milk to grocery cart", voice: "en-us", wordsPerMinute: 170)
        let (aloneWords, aloneStream) = try StreamingTests.streamed(alone, piece: 320, grammar: SpeechTranscriber.topLevelGrammar,
                                                                    on: decoder, loop: loop)
        #expect(!aloneStream.decodedWhole)
        #expect(aloneWords.text == "add milk to grocery cart")
    }
}
