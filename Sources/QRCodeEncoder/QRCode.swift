// Placeholder until the encoder lands.
public struct QRCode: Sendable, Equatable {
    public let size: Int
    public init(encoding text: String) throws { size = 21 }
}
