import NIOCore
import ParleyWyoming

/// Wakes a connection's session when the peer has sent nothing for a while, so a turn whose
/// audio stopped arriving can be ended although no frame comes to end it: placed after the frame
/// decoder, behind an `IdleStateHandler`, it turns each read-idle event into a `quiet` frame. The
/// session decides by its own clock whether a turn stalled (`WyomingSession.checkAudioStall`),
/// so the frame carries no authority: a peer sending one itself changes nothing.
final class QuietFrameHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = WyomingFrame
    typealias InboundOut = WyomingFrame

    /// The frame type of the wake-up.
    static let frameType = "parley-quiet"

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        context.fireChannelRead(wrapInboundOut(WyomingFrame(type: Self.frameType)))
        context.fireChannelReadComplete()
    }
}

extension WyomingSession {
    /// Whether the session holds a turn whose audio is arriving: a transcription or a pipeline's
    /// listening stage after its first audio.
    var isHearing: Bool {
        switch mode {
        case .idle: false
        case .transcribing(let turn): turn.sampleRate != nil || turn.streamed != nil
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
