import Foundation

/// The phone-loop pass of one utterance, decoded on a second recognizer on another thread while
/// the caller decodes the grammar pass: on this machine's two cores the utterance then takes
/// as long as the slower pass. The caller must `wait` before it uses the partner again.
///
/// `@unchecked Sendable`: the partner and the samples are touched only by the job until `done`
/// is signalled, and the result only after it.
final class LoopPassAlongside: @unchecked Sendable {
    private let partner: Recognizer
    private let samples: [Int16]
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<(Recognizer.Pass, seconds: Double), Error>?

    /// Starts the phone-loop pass over `samples` (padded, under the noise floor) on `partner`.
    init(on partner: Recognizer, samples: [Int16]) {
        self.partner = partner
        self.samples = samples
        DispatchQueue.global(qos: .userInitiated).async { self.run() }
    }

    private func run() {
        let began = DispatchTime.now()
        result = Result { (try partner.decode(samples, search: Recognizer.phoneLoop), Recognizer.seconds(since: began)) }
        done.signal()
    }

    /// Waits for the pass: its best path and the seconds it took.
    func wait() throws -> (Recognizer.Pass, seconds: Double) {
        done.wait()
        guard let result else { throw SpeechError.internalError("the phone-loop pass did not run") }
        return try result.get()
    }
}
