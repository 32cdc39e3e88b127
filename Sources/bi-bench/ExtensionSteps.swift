import Crypto
import Foundation
import IdentityProtocol
import SwiftASN1
import X509

/// Adding a second device, as the SDK does it on both devices, each step one request: A opens
/// a session signed by its credential, B claims the code with a CSR, A fetches B's certificate
/// draft and endorses it, B fetches its certificate.
struct ExtensionSteps {
    let connection: HTTPConnection

    /// Extends `device`'s credential to a new key; `claimant` is device B's address, sent as
    /// `X-Forwarded-For` (the server trusts loopback as a proxy), so that each claim counts
    /// against its own network's limit as it would in the field. Returns device B.
    func extend(_ device: BenchDevice, claimant: String) throws -> BenchDevice {
        let issuedAt = Int64(Date().timeIntervalSince1970)
        let requestID = SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) }.base64URLEncodedString
        let opened = try connection.postJSON(
            DeviceAPI.openExtension,
            OpenExtensionRequest(
                credentialID: device.credentialID, issuedAt: issuedAt, requestID: requestID,
                signature: try device.sign(SignedMessage.extension(
                    credentialID: device.credentialID, issuedAt: issuedAt, requestID: requestID)))
        ).decode(OpenedExtension.self, expecting: 201, what: "open an extension")

        let key = P256.Signing.PrivateKey()
        let csr = try CertificateSigningRequest(
            version: .v1, subject: try DistinguishedName { CommonName("bench-device-b") },
            privateKey: Certificate.PrivateKey(key), attributes: .init())
        let claim = try connection.postJSON(
            DeviceAPI.claimExtension,
            ClaimExtensionRequest(code: opened.code.code, csr: try csr.serializeAsPEM().pemString, deviceName: "bench-b"),
            headers: [("X-Forwarded-For", claimant)]
        ).decode(ExtensionSessionReference.self, expecting: 201, what: "claim the code")

        let claimed = try status(opened.sessionID, secret: opened.secret, after: opened.code.version)
        guard claimed.state == .claimed, let encoded = claimed.certificateDraft,
              let draft = Data(base64URLEncoded: encoded).flatMap({ try? Certificate(derEncoded: Array($0)) })
        else { throw BenchError("extension: A saw \(claimed.state) without a certificate draft") }
        let endorsed = try connection.postJSON(
            DeviceAPI.endorseExtension,
            EndorseExtensionRequest(
                sessionID: opened.sessionID, secret: opened.secret, signature: try device.sign(Data(draft.tbsCertificateBytes)),
                certificateChain: device.certificateChain)
        ).decode(ExtensionStatus.self, what: "endorse")
        guard endorsed.state == .complete else { throw BenchError("extension: endorsed but \(endorsed.state)") }

        let issued = try status(claim.sessionID, secret: claim.secret, after: nil)
        guard let credential = issued.credential else { throw BenchError("extension: B saw \(issued.state) without a credential") }
        return BenchDevice(credentialID: credential.credential.id, certificateChain: credential.certificateChain, key: key)
    }

    /// The session's status now (no long poll: each step follows the one that changed it).
    private func status(_ sessionID: String, secret: String, after version: Int64?) throws -> ExtensionStatus {
        try connection.postJSON(DeviceAPI.extensionStatus, ExtensionStatusRequest(sessionID: sessionID, secret: secret, afterVersion: version))
            .decode(ExtensionStatus.self, what: "extension status")
    }
}
