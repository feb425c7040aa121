import Foundation
import ParleyCheck
import ParleyGrammar
import ParleySpeech

/// `sound-alike` pronunciations from the speech layer: the model's dictionary, numbers as
/// words, `models/pronunciations.dict`, and eSpeak NG for the rest.
public struct RecognizerPhonetics: PhoneticTranscriber {
    public let recognizer: Recognizer

    public init(recognizer: Recognizer) { self.recognizer = recognizer }

    public func phones(of token: String) -> [String]? { try? recognizer.pronunciation(of: token).phones }
}

/// `--acoustic` speech: eSpeak NG at the trial's voice and rate, at 16 kHz with a little silence
/// around it, as a microphone would hear it.
public struct ESpeakRendering: SpeechRendering {
    public init() {}

    public func render(_ text: String, voice: AcousticVoice) throws -> [Int16] {
        let audio = try SpeechSynthesizer(voice: voice.name, wordsPerMinute: voice.wordsPerMinute).synthesize(text)
        return try AudioConverter.recognizerAudio(audio).padded(seconds: 0.25).samples
    }
}

/// `--acoustic` hearing: the real top-level grammar, with its confidence rejection; a rejected
/// utterance is heard as nothing.
public struct GrammarHearing: SpeechHearing {
    public let transcriber: SpeechTranscriber

    public init(transcriber: SpeechTranscriber) { self.transcriber = transcriber }

    public func hear(_ samples: [Int16]) throws -> String {
        let result = try transcriber.transcribe(PCMAudio(samples: samples, sampleRate: AudioConverter.recognizerRate))
        return result.match == nil ? "" : result.recognition.text
    }
}

