import NIOCore
import NIOTestUtils
import ParleyJSON
import ParleyWyoming
import Testing

/// Decodes `bytes` fed in pieces of `step` bytes (0: all at once), then the end of the stream.
func decodeAll(_ bytes: [UInt8], step: Int = 0, limits: WyomingLimits = WyomingLimits()) throws -> [WyomingFrame] {
    var decoder = WyomingFrameDecoder(limits: limits)
    var buffer = ByteBuffer()
    var frames: [WyomingFrame] = []
    var offset = 0
    while offset < bytes.count {
        let end = step == 0 ? bytes.count : min(bytes.count, offset + step)
        buffer.writeBytes(bytes[offset..<end])
        offset = end
        while let frame = try decoder.decode(buffer: &buffer) { frames.append(frame) }
        buffer.discardReadBytes()
    }
    while let frame = try decoder.decodeLast(buffer: &buffer, seenEOF: true) { frames.append(frame) }
    return frames
}

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite struct WyomingFrameDecoderTests {
    let stream: [UInt8] = everyEvent.flatMap { WyomingFrameEncoder().bytes(of: $0.frame) }

    @Test func byteByByteAndAllAtOnceAgree() throws {
        let whole = try decodeAll(stream)
        #expect(whole == everyEvent.map(\.frame))
        for step in [1, 2, 3, 7, 64, 1000] {
            #expect(try decodeAll(stream, step: step) == whole, "step \(step)")
        }
    }

    @Test func nioVerifierAgrees() throws {
        let frames = everyEvent.map(\.frame)
        let pairs = frames.map { (ByteBuffer(bytes: WyomingFrameEncoder(dataPlacement: .header).bytes(of: $0)), [$0]) }
        try ByteToMessageDecoderVerifier.verifyDecoder(inputOutputPairs: pairs) { WyomingFrameDecoder() }
    }

    @Test func dataInTheHeaderAndInTheSectionMerge() throws {
        let section = #"{"text":"from section","context":{"a":1}}"#
        let header = #"{"type":"transcript","data":{"text":"from header","language":"en"},"data_length":\#(section.utf8.count)}"#
        let frames = try decodeAll(bytes(header + "\n" + section))
        #expect(frames == [WyomingFrame(type: "transcript", data: ["text": "from section", "language": "en", "context": ["a": 1]])])
    }

    @Test func bytesAsPythonWritesThem() throws {
        // `wyoming` 1.10.2's write_event for Transcript(…) and AudioChunk(…), byte for byte.
        let python = bytes(#"{"type": "transcript", "version": "1.10.2", "data_length": 57}"# + "\n"
            + #"{"text": "chowder", "context": {"conversation_id": "c1"}}"#
            + #"{"type": "audio-chunk", "version": "1.10.2", "data_length": 61, "payload_length": 2}"# + "\n"
            + #"{"rate": 16000, "width": 2, "channels": 1, "timestamp": null}"#) + [1, 2]
        for step in [0, 1] {
            let events = try decodeAll(python, step: step).map { try WyomingEvent(frame: $0) }
            #expect(events == [
                .transcript(Transcript(text: "chowder", context: ["conversation_id": "c1"])),
                .audioChunk(AudioChunk(format: .recognizer, audio: [1, 2])),
            ])
        }
    }

    @Test func zeroLengthsAndNullsAreAccepted() throws {
        let frames = try decodeAll(bytes(#"{"type":"ping","data":null,"data_length":0,"payload_length":null}"# + "\n"))
        #expect(frames == [WyomingFrame(type: "ping")])
    }

    @Test func garbageIsAnErrorNotTheEnd() {
        let cases: [(String, WyomingDecodingError)] = [
            ("hello there\n", .headerNotJSON(JSONParseError(reason: ""))),
            ("[1,2]\n", .notAnObject(section: "header")),
            ("{\"data\":{}}\n", .missingType),
            ("{\"type\":\"x\",\"data_length\":-1}\n", .invalidLength(field: "data_length")),
            ("{\"type\":\"x\",\"payload_length\":\"9\"}\n", .invalidLength(field: "payload_length")),
            ("{\"type\":\"x\",\"data\":[1]}\n", .notAnObject(section: "header's data")),
            ("{\"type\":\"x\",\"data_length\":3}\nabc", .dataNotJSON(JSONParseError(reason: ""))),
            ("{\"type\":\"x\",\"data_length\":2}\n[]", .notAnObject(section: "data section")),
            ("{\"type\":\"x\",\"payload_length\":5}\nab", .truncatedFrame(leftoverBytes: 2)),
            ("{\"type\":\"x\"", .truncatedFrame(leftoverBytes: 11)),
        ]
        for (input, expected) in cases {
            for step in [0, 1] {
                #expect("\(input) step \(step)") { try decodeAll(bytes(input), step: step) } throws: { error in
                    (error as? WyomingDecodingError).map { Self.sameKind($0, expected) } ?? false
                }
            }
        }
    }

    /// Equal, except that any JSON parse error matches any other (the reason is Foundation's text).
    static func sameKind(_ error: WyomingDecodingError, _ expected: WyomingDecodingError) -> Bool {
        switch (error, expected) {
        case (.headerNotJSON, .headerNotJSON), (.dataNotJSON, .dataNotJSON): true
        default: error == expected
        }
    }

    @Test func limitsAreCheckedBeforeBuffering() {
        let limits = WyomingLimits(maximumHeaderBytes: 100, maximumDataBytes: 50, maximumPayloadBytes: 1000)
        // A header line that never ends fails as soon as it passes the limit.
        #expect(throws: WyomingDecodingError.headerTooLong(limit: 100)) {
            try decodeAll([UInt8](repeating: UInt8(ascii: "x"), count: 101), step: 1, limits: limits)
        }
        #expect(throws: WyomingDecodingError.dataTooLarge(length: 51, limit: 50)) {
            try decodeAll(bytes("{\"type\":\"x\",\"data_length\":51}\n"), limits: limits)
        }
        #expect(throws: WyomingDecodingError.payloadTooLarge(length: 1_000_000_000, limit: 1000)) {
            try decodeAll(bytes("{\"type\":\"x\",\"payload_length\":1000000000}\n"), limits: limits)
        }
        // Exactly at the limits is fine.
        let header = "{\"type\":\"x\",\"payload_length\":1000}"
        let padded = header + String(repeating: " ", count: 100 - header.utf8.count) + "\n"
        #expect(throws: Never.self) { try decodeAll(bytes(padded) + [UInt8](repeating: 0, count: 1000), limits: limits) }
    }

    @Test func deeplyNestedJSONIsRefused() {
        let deep = "{\"type\":\"x\",\"data\":{\"a\":" + String(repeating: "[", count: 10_000) + "}}\n"
        #expect(throws: WyomingDecodingError.self) { try decodeAll(bytes(deep)) }
    }
}
