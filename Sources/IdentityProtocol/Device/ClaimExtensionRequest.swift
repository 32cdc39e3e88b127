import Foundation

/// Device B claims a session with the code A shows and a CSR for its new key.
public struct ClaimExtensionRequest: Codable, Sendable, Equatable {
    /// The 9 digits.
    public var code: String
    /// The PEM-encoded PKCS#10 CSR for a P-256 key.
    public var csr: String
    public var deviceName: String?

    /// Creates a request.
    public init(code: String, csr: String, deviceName: String? = nil) {
        self.code = code
        self.csr = csr
        self.deviceName = deviceName
    }

    enum CodingKeys: String, CodingKey {
        case code, csr
        case deviceName = "device_name"
    }
}
