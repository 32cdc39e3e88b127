import Foundation

/// Binds a new device key to an identity: the single-use token of an enrollment link plus a
/// PKCS#10 certificate signing request signed by the new key (proof of possession).
public struct BindCredentialRequest: Codable, Sendable, Equatable {
    /// The single-use binding token from the enrollment link.
    public var bindingToken: String
    /// The PEM-encoded PKCS#10 CSR for a P-256 key.
    public var csr: String
    /// A name for the device, shown to administrators.
    public var deviceName: String?

    /// Creates a request.
    public init(bindingToken: String, csr: String, deviceName: String? = nil) {
        self.bindingToken = bindingToken
        self.csr = csr
        self.deviceName = deviceName
    }

    enum CodingKeys: String, CodingKey {
        case bindingToken = "binding_token"
        case csr
        case deviceName = "device_name"
    }
}
