import CEspeakNG
import Foundation

/// The process's one eSpeak NG instance. eSpeak NG keeps global state, so every call runs on
/// one dedicated thread, in SYNCHRONOUS mode: `espeak_Synth` returns after the callback has
/// delivered all samples, on that same thread.
///
/// `@unchecked Sendable`: all mutable state (eSpeak's own) is touched only on `thread`.
final class ESpeakEngine: @unchecked Sendable {
    /// The shared engine, or why eSpeak NG could not start.
    static let shared: Result<ESpeakEngine, SpeechError> = Result { try ESpeakEngine() }.mapError {
        $0 as? SpeechError ?? .engineUnavailable("\($0)")
    }

    private let thread: DedicatedThread
    /// eSpeak NG's output rate (22050 Hz for its voices).
    let sampleRate: Int

    private init() throws {
        let thread = DedicatedThread(name: "parley.espeak")
        let rate = thread.sync { () -> Int32 in
            let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, 0)
            if rate > 0 { espeak_SetSynthCallback(synthCallback) }
            return rate
        }
        guard rate > 0 else {
            throw SpeechError.engineUnavailable("eSpeak NG did not initialize (is espeak-ng-data installed?)")
        }
        self.thread = thread
        self.sampleRate = Int(rate)
    }

    /// `text` spoken by `voice` at `wordsPerMinute`.
    func synthesize(_ text: String, voice: String, wordsPerMinute: Int) throws -> PCMAudio {
        try thread.sync {
            try select(voice)
            espeak_SetParameter(espeakRATE, Int32(wordsPerMinute), 0)
            let sink = SampleSink()
            SampleSink.current = sink
            defer { SampleSink.current = nil }
            let context = Unmanaged.passUnretained(sink).toOpaque()
            let bytes = Array(text.utf8CString)
            let status = bytes.withUnsafeBufferPointer { buffer in
                espeak_Synth(buffer.baseAddress, buffer.count, 0, POS_CHARACTER, 0,
                             UInt32(espeakCHARS_UTF8), nil, context)
            }
            withExtendedLifetime(sink) {}
            guard status == EE_OK else { throw SpeechError.internalError("espeak_Synth failed (\(status.rawValue))") }
            return PCMAudio(samples: sink.samples, sampleRate: sampleRate)
        }
    }

    /// eSpeak NG's phoneme mnemonics for `text` in `voice`'s language, one word per element,
    /// phonemes separated by `_` (e.g. `s_'u:_p_S_E_f`).
    func phonemes(_ text: String, voice: String) throws -> [String] {
        try thread.sync {
            try select(voice)
            var words: [String] = []
            let separator = Int32(UInt8(ascii: "_")) << 8
            let bytes = Array(text.utf8CString)
            bytes.withUnsafeBufferPointer { buffer in
                var cursor: UnsafeRawPointer? = buffer.baseAddress.map { UnsafeRawPointer($0) }
                var clauses = 0
                while cursor != nil, clauses < 1000 {
                    clauses += 1
                    guard let output = espeak_TextToPhonemes(&cursor, espeakCHARS_UTF8, separator) else { break }
                    words += String(cString: output).split(separator: " ").map(String.init)
                }
            }
            return words
        }
    }

    private var selectedVoice: String?

    /// Selects `voice` unless it already is (must run on `thread`).
    private func select(_ voice: String) throws {
        guard selectedVoice != voice else { return }
        let status = espeak_SetVoiceByName(voice)
        guard status == EE_OK else { throw SpeechError.engineUnavailable("eSpeak NG has no voice ‘\(voice)’") }
        selectedVoice = voice
    }
}

/// Collects the samples of one synthesis; reached from the C callback through `user_data`.
private final class SampleSink {
    var samples: [Int16] = []
    /// The sink of the synthesis running now; touched only on the eSpeak thread.
    nonisolated(unsafe) static var current: SampleSink?
}

/// eSpeak NG's synthesis callback: appends the delivered samples to the job's sink.
private let synthCallback: @convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutablePointer<espeak_EVENT>?) -> Int32 = {
    wav, count, events in
    // The job's sink travels in `user_data`. eSpeak NG leaves it empty on the call that
    // flushes the last samples of a sentence; all synthesis runs on the one eSpeak thread, so
    // the sink of the job in progress is the right one then.
    guard let sink = events?.pointee.user_data.map({ Unmanaged<SampleSink>.fromOpaque($0).takeUnretainedValue() })
        ?? SampleSink.current else { return 0 }
    if let wav, count > 0 {
        sink.samples.append(contentsOf: UnsafeBufferPointer(start: wav, count: Int(count)))
    }
    return 0
}
