/// Where parleyd listens: `tcp://HOST:PORT` or `unix:///path/to/socket`.
public enum ListenAddress: Sendable, Hashable, CustomStringConvertible {
    /// A TCP host (name, IPv4, or `[IPv6]` in the URI) and port (0: any free port).
    case tcp(host: String, port: Int)
    /// A Unix domain socket path.
    case unix(path: String)

    /// The default: loopback, the satellite port.
    public static let `default` = ListenAddress.tcp(host: "127.0.0.1", port: 10700)

    /// Parses `tcp://HOST:PORT` or `unix:///path`; nil when `uri` is neither.
    public init?(uri: String) {
        if uri.hasPrefix("unix://") {
            let path = String(uri.dropFirst("unix://".count))
            guard path.hasPrefix("/") || !path.isEmpty else { return nil }
            self = .unix(path: path)
            return
        }
        guard uri.hasPrefix("tcp://") else { return nil }
        var rest = Substring(uri.dropFirst("tcp://".count))
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        guard let colon = rest.lastIndex(of: ":"), let port = Int(rest[rest.index(after: colon)...]),
              (0...65_535).contains(port)
        else { return nil }
        var host = rest[..<colon]
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        guard !host.isEmpty, !host.contains("/") else { return nil }
        self = .tcp(host: String(host), port: port)
    }

    /// The URI form.
    public var description: String {
        switch self {
        case .tcp(let host, let port): host.contains(":") ? "tcp://[\(host)]:\(port)" : "tcp://\(host):\(port)"
        case .unix(let path): "unix://\(path)"
        }
    }
}
