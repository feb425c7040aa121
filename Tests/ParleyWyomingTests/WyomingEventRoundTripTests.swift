import NIOCore
import ParleyWyoming
import Testing

/// One of every event Parley models, with optional members both present and absent.
let everyEvent: [WyomingEvent] = [
    .describe,
    .info(sampleInfo),
    .info(WyomingInfo()),
    .transcribe(Transcribe()),
    .transcribe(Transcribe(name: "top", language: "en", context: ["conversation_id": "c1"])),
    .transcript(Transcript(text: "order soup with soup chef")),
    .transcript(Transcript(text: "chowder", language: "en", context: ["conversation_id": "abc", "n": 2])),
    .synthesize(Synthesize(text: "Which soup?")),
    .synthesize(Synthesize(text: "Ünïcode “quotes” \\ and \"escapes\"\n", voice: ["name": "en-us"], context: ["x": [1, 2.5, nil, true]])),
    .audioStart(AudioFormat(rate: 16_000), timestamp: nil),
    .audioStart(AudioFormat(rate: 22_050, width: 2, channels: 2), timestamp: 1_700_000_000_000_000_000),
    .audioChunk(AudioChunk(format: .recognizer, audio: [1, 2, 3, 4])),
    .audioChunk(AudioChunk(format: .recognizer, timestamp: 30, audio: [])),
    .audioStop(timestamp: nil),
    .audioStop(timestamp: 1234),
    .handled(text: "Your clam chowder will be ready in 10 minutes.", context: ["conversation_id": "abc"]),
    .handled(text: nil, context: nil),
    .notHandled(text: "Sorry, I don't know how to help with that.", context: nil),
    .notHandled(text: nil, context: ["conversation_id": "x"]),
    .runPipeline(RunPipeline(startStage: .asr, endStage: .tts)),
    .runPipeline(RunPipeline(startStage: .wake, endStage: .handle, restartOnEnd: true, wakeWordName: "hey parley", announceText: "Hi")),
    .runSatellite,
    .pauseSatellite,
    .detection(name: "hey_parley", timestamp: 5),
    .detection(name: nil, timestamp: nil),
    .voiceStarted(timestamp: 1),
    .voiceStopped(timestamp: nil),
    .played,
    .ping(text: "hello"),
    .ping(text: nil),
    .pong(text: "hello"),
    .pong(text: nil),
    .error(text: "the header line is not JSON", code: "malformed-frame"),
    .error(text: "oops", code: nil),
    .other(WyomingFrame(type: "timer-started", data: ["id": "t1", "total_seconds": 60])),
    .other(WyomingFrame(type: "x-binary", data: [:], payload: [0, 255, 10, 13])),
]

let sampleInfo = WyomingInfo(programs: [
    .asr: [WyomingProgram(
        name: "parley", attribution: Attribution(name: "Parley", url: "https://example.org"), description: "grammar ASR",
        version: "1.0", models: [WyomingModel(name: "top", languages: ["en"], attribution: Attribution(name: "CMU", url: "u"))],
        extra: ["supports_transcript_streaming": false, "requires_external_vad": false])],
    .tts: [WyomingProgram(
        name: "espeak", attribution: Attribution(name: "eSpeak NG", url: "u"),
        models: [WyomingModel(name: "en-us", languages: ["en-us"], attribution: Attribution(name: "eSpeak NG", url: "u"),
                              extra: ["speakers": nil])],
        extra: ["supports_synthesize_streaming": false])],
    .handle: [WyomingProgram(name: "parley", attribution: Attribution(name: "Parley", url: ""), installed: true,
                             models: [WyomingModel(name: "phrases", languages: ["en"], attribution: Attribution(name: "P", url: ""))])],
    .mic: [WyomingProgram(name: "arecord", attribution: Attribution(name: "ALSA", url: ""),
                          extra: ["mic_format": ["rate": 16000, "width": 2, "channels": 1]])],
], satellite: ["name": "kitchen", "supports_trigger": true])

@Suite struct WyomingEventRoundTripTests {
    @Test func everyEventRoundTripsThroughBytes() throws {
        for placement in [WyomingFrameEncoder.DataPlacement.extraSection, .header] {
            let encoder = WyomingFrameEncoder(dataPlacement: placement)
            for event in everyEvent {
                var buffer = ByteBuffer(bytes: encoder.bytes(of: event.frame))
                var decoder = WyomingFrameDecoder()
                let frame = try #require(try decoder.decode(buffer: &buffer), "\(event)")
                #expect(buffer.readableBytes == 0)
                #expect(try WyomingEvent(frame: frame) == event)
            }
        }
    }

    @Test func typedFieldsReadFromPythonShapedData() throws {
        // Python writes optional members as null.
        let frame = WyomingFrame(type: "audio-chunk", data: ["rate": 16000, "width": 2, "channels": 1, "timestamp": nil], payload: [0, 1])
        #expect(try WyomingEvent(frame: frame) == .audioChunk(AudioChunk(format: .recognizer, audio: [0, 1])))
        let transcript = WyomingFrame(type: "transcript", data: ["text": "hi", "context": ["conversation_id": "42"]])
        guard case .transcript(let value) = try WyomingEvent(frame: transcript) else {
            Issue.record("not a transcript")
            return
        }
        #expect(value.conversationID == "42")
    }

    @Test func missingRequiredMembersAreEventErrors() {
        let bad: [WyomingFrame] = [
            WyomingFrame(type: "audio-chunk", data: ["rate": 16000, "width": 2]),
            WyomingFrame(type: "transcript", data: [:]),
            WyomingFrame(type: "synthesize", data: ["text": 3]),
            WyomingFrame(type: "run-pipeline", data: ["start_stage": "asr", "end_stage": "nowhere"]),
            WyomingFrame(type: "transcribe", data: ["context": "not an object"]),
        ]
        for frame in bad {
            #expect(throws: WyomingEventError.self) { try WyomingEvent(frame: frame) }
        }
    }

    @Test func samplesConvertBothWays() {
        let samples: [Int16] = [0, 1, -1, .max, .min, 1234]
        let chunk = AudioChunk(samples: samples[...], rate: 16_000)
        #expect(chunk.audio.count == 12)
        #expect(chunk.monoSamples == samples)
        let stereo = AudioChunk(format: AudioFormat(rate: 16_000, channels: 2), audio: [1, 0, 9, 9, 2, 0, 9, 9])
        #expect(stereo.monoSamples == [1, 2])
    }
}
