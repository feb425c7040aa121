import NIOCore
import ParleyWyoming

/// Wakes a reader when its source has sent nothing for a while, so an utterance whose audio
/// stopped arriving can be ended although nothing comes to end it: placed behind an
/// `IdleStateHandler`, it turns each read-idle event into a read of `value` — a `parley-quiet`
/// frame for a Wyoming connection, an empty buffer for the microphone. The reader decides by its
/// own clock whether its utterance stalled (`WyomingSession.checkAudioStall`,
/// `LocalAudioLoop.checkStall`), so the wake-up carries no authority: a peer sending such a frame
/// itself changes nothing.
final class QuietHandler<Value: Sendable>: ChannelInboundHandler, Sendable {
    typealias InboundIn = Value
    typealias InboundOut = Value

    let value: Value

    init(reading value: Value) { self.value = value }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        context.fireChannelRead(wrapInboundOut(value))
        context.fireChannelReadComplete()
    }

    /// The handlers that wake a reader after half of `timeout` without a read (so a stall is
    /// noticed between one and one and a half times `timeout` after the last audio).
    static func handlers(after timeout: Duration, reading value: Value) -> [any ChannelHandler] {
        [IdleStateHandler(readTimeout: (timeout / 2).timeAmount), QuietHandler(reading: value)]
    }
}

extension WyomingFrame {
    /// The wake-up a quiet Wyoming connection's session gets.
    static let quiet = WyomingFrame(type: "parley-quiet")
}

extension WyomingSession {
    /// Whether the session holds a turn whose audio is arriving: a transcription or a pipeline's
    /// listening stage after its first audio.
    var isHearing: Bool {
        switch mode {
        case .idle: false
        case .transcribing(let turn): turn.sampleRate != nil  // set by audio-start or the first chunk
        case .pipeline(let turn): turn.endpointer != nil && !turn.awaitsTranscript
        }
    }

    /// Ends the turn being heard when its last audio came `audio-timeout` or more before `now`:
    /// its utterance is dropped (the decoders it held go back), the peer is told `audio-timeout`,
    /// and the conversation keeps its question for the next turn. The server calls it whenever the
    /// connection has been quiet for half the timeout.
    public mutating func checkAudioStall(now: ContinuousClock.Instant) async throws {
        let limit = context.configuration.audioTimeout
        guard limit > .zero, isHearing, let last = lastAudio, now - last >= limit else { return }
        mode = .idle
        lastAudio = nil
        logger.notice("audio stopped arriving; turn ended", metadata: ["audio.quiet_ms": "\((now - last).milliseconds)"])
        try await send(PeerError.audioTimeout(limit).event)
    }
}
