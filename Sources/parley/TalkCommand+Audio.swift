import ArgumentParser
import Foundation
import ParleyDaemon
import ParleySpeech
import ParleyWyoming

extension TalkCommand {
    /// Each `--wav` as a turn: the server transcribes it, handles the words and speaks the reply.
    func spokenTurns(id: String, client: inout WyomingClient) async throws -> Bool {
        var understood = true
        for (index, path) in wav.enumerated() {
            let audio: WAVAudio
            do {
                audio = try WAVCodec.read(path: path)
            } catch {
                throw ValidationError("\(path): \(error)")
            }
            let pcm = PCMAudio(floats: audio.mono(), sampleRate: audio.sampleRate)
            try await client.send(.transcribe(Transcribe(language: "en", context: ["conversation_id": .string(id)])))
            try await client.send(.audioStart(AudioFormat(rate: pcm.sampleRate), timestamp: nil))
            try await client.stream(SpeechAudio(samples: pcm.samples, sampleRate: pcm.sampleRate))
            try await client.send(.audioStop(timestamp: nil))
            var heard = ""
            while true {
                if case .transcript(let transcript) = try await client.reply() {
                    heard = transcript.text
                    break
                }
            }
            print("You (\(URL(fileURLWithPath: path).lastPathComponent)): \(heard)")
            let reply = try await client.handle(heard, conversationID: id)
            print("Parley: \(reply.text)")
            understood = understood && reply.handled
            guard let saveReply, !reply.text.isEmpty else { continue }
            try await client.send(.synthesize(Synthesize(text: reply.text)))
            let spoken = try await client.audioReply()
            let target = wav.count == 1 ? saveReply : Self.numbered(saveReply, index + 1)
            try WAVCodec.write(PCMAudio(samples: spoken.samples, sampleRate: spoken.sampleRate).wav, to: target)
            print("  (reply saved: \(target), \(String(format: "%.1f", Double(spoken.samples.count) / Double(max(1, spoken.sampleRate)))) s)")
        }
        return understood
    }

    /// `reply.wav` → `reply-2.wav`.
    static func numbered(_ path: String, _ number: Int) -> String {
        let url = URL(fileURLWithPath: path)
        let stem = url.deletingPathExtension().lastPathComponent
        let ext = url.pathExtension.isEmpty ? "wav" : url.pathExtension
        return url.deletingLastPathComponent().appendingPathComponent("\(stem)-\(number).\(ext)").path
    }
}
