#if canImport(Glibc)
import Glibc
#endif

/// Tells systemd about the daemon's state through `$NOTIFY_SOCKET` (`sd_notify(3)`):
/// `READY=1`, `RELOADING=1`, `STOPPING=1`, `WATCHDOG=1`, `STATUS=…`. Without the variable
/// (not started by systemd) every call does nothing.
public struct SystemdNotifier: Sendable {
    /// The socket path (`@` first: the abstract namespace); nil when not under systemd.
    public let socketPath: String?

    /// A notifier for the socket in `environment` (`NOTIFY_SOCKET`).
    public init(environment: [String: String]) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Sends `state` (newline-separated assignments); returns whether it was sent.
    @discardableResult
    public func notify(_ state: String) -> Bool {
        guard let socketPath else { return false }
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var path = Array(socketPath.utf8)
        if path.first == UInt8(ascii: "@") { path[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.count < capacity else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.enumerated() { raw[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + path.count + (path.first == 0 ? 0 : 1))
        let bytes = Array(state.utf8)
        let sent = bytes.withUnsafeBytes { buffer in
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                    sendto(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL), socketAddress, length)
                }
            }
        }
        return sent == bytes.count
    }

    /// The watchdog interval systemd expects pings within (`WATCHDOG_USEC`), when it is for
    /// this process (`WATCHDOG_PID`, if set, is ours).
    public static func watchdogInterval(environment: [String: String]) -> Duration? {
        guard let text = environment["WATCHDOG_USEC"], let microseconds = Int64(text), microseconds > 0 else { return nil }
        if let pid = environment["WATCHDOG_PID"], pid != String(getpid()) { return nil }
        return .microseconds(microseconds)
    }

    /// `MONOTONIC_USEC=…` for `RELOADING=1` (required by `Type=notify-reload`).
    public static var monotonicNow: String {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return "MONOTONIC_USEC=\(Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000)"
    }
}
