public import Foundation

/// The exact bytes a device signs. Each message starts with a purpose label, so a signature
/// made for one purpose is never valid for another.
public enum SignedMessage {
    /// Binds an authentication to one transaction, its challenge, the issuer and the credential.
    public static func authentication(transaction: String, challenge: String, issuer: String, credentialID: String) -> Data {
        encode(["bi-authentication-v1", transaction, challenge, issuer, credentialID])
    }

    /// Asks the server to revoke the signing credential; `requestID` makes it single use (v2).
    public static func revocation(credentialID: String, issuedAt: Int64, requestID: String? = nil) -> Data {
        signedRequest("bi-revocation", credentialID: credentialID, issuedAt: issuedAt, requestID: requestID)
    }

    /// Opens an extension session for the signing credential; `requestID` makes it single use (v2).
    public static func `extension`(credentialID: String, issuedAt: Int64, requestID: String? = nil) -> Data {
        signedRequest("bi-extension", credentialID: credentialID, issuedAt: issuedAt, requestID: requestID)
    }

    private static func signedRequest(_ purpose: String, credentialID: String, issuedAt: Int64, requestID: String?) -> Data {
        guard let requestID else { return encode([purpose + "-v1", credentialID, String(issuedAt)]) }
        return encode([purpose + "-v2", credentialID, String(issuedAt), requestID])
    }

    /// Length-prefixed fields, so no two field lists share an encoding.
    private static func encode(_ fields: [String]) -> Data {
        var data = Data()
        for field in fields {
            let bytes = Data(field.utf8)
            withUnsafeBytes(of: UInt32(bytes.count).bigEndian) { data.append(contentsOf: $0) }
            data.append(bytes)
        }
        return data
    }
}
