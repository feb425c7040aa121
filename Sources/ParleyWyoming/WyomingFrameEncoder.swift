import NIOCore
import ParleyJSON

/// Writes `WyomingFrame`s as the Python implementation does: a header line with `type`,
/// `version`, and `data_length`/`payload_length` when there is data or payload; the data as
/// the extra section; then the payload.
public struct WyomingFrameEncoder: MessageToByteEncoder, Sendable {
    public typealias OutboundIn = WyomingFrame

    /// Where the data goes: the extra section (as Python writes) or inline in the header.
    public enum DataPlacement: Sendable {
        case extraSection, header
    }

    /// Where this encoder puts the data.
    public var dataPlacement: DataPlacement

    /// An encoder placing data at `dataPlacement`.
    public init(dataPlacement: DataPlacement = .extraSection) {
        self.dataPlacement = dataPlacement
    }

    /// Appends `data` to `out`.
    public func encode(data frame: WyomingFrame, out: inout ByteBuffer) {
        var header: [String: JSONValue] = ["type": .string(frame.type), "version": .string(WyomingFrame.protocolVersion)]
        var dataBytes: [UInt8] = []
        if !frame.data.isEmpty {
            switch dataPlacement {
            case .header:
                header["data"] = .object(frame.data)
            case .extraSection:
                dataBytes = Array(JSONValue.object(frame.data).serialized.utf8)
                header["data_length"] = .integer(dataBytes.count)
            }
        }
        if !frame.payload.isEmpty { header["payload_length"] = .integer(frame.payload.count) }
        out.writeString(JSONValue.object(header).serialized)
        out.writeInteger(UInt8(0x0A))
        out.writeBytes(dataBytes)
        out.writeBytes(frame.payload)
    }

    /// The bytes of `frame`.
    public func bytes(of frame: WyomingFrame) -> [UInt8] {
        var buffer = ByteBuffer()
        encode(data: frame, out: &buffer)
        return buffer.readBytes(length: buffer.readableBytes) ?? []
    }
}
