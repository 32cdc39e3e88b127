package import Crypto
package import Foundation
package import IdentityProtocol
package import IdentityStorage
import SwiftASN1
package import X509
package import IdentityServerCore
package import RealmKeys
package import OpenIDProvider

/// The checks every device request shares: the credential and identity are active, the
/// signature is the credential's, a signed request is fresh, a chain is the realm's.
package struct DeviceChecks {
    package let store: any DeviceSignInStore
    package let keyring: RealmKeyring
    package let now: @Sendable () -> Date

    /// Signed requests may be this far from the server's clock, either way.
    package static let allowedClockSkew: TimeInterval = 300

    /// The credential, if it exists (in `realmID`, when given) and is not revoked.
    package func activeCredential(_ id: String, realmID: String? = nil) async throws -> CredentialRecord {
        guard let credential = try await store.credential(id: id), realmID == nil || credential.realmID == realmID else {
            throw Self.unknownCredential
        }
        guard credential.state == .active else { throw Self.revokedCredential }
        return credential
    }

    /// The credential, if it exists in `realmID` and is not revoked, with its identity's status,
    /// read together; check the status with ``requireActive(_:)`` once the request is verified.
    package func activeCredentialWithIdentityStatus(
        _ id: String, realmID: String
    ) async throws -> (credential: CredentialRecord, identityStatus: IdentityRecord.Status) {
        guard let found = try await store.credentialWithIdentityStatus(id: id), found.credential.realmID == realmID else {
            throw Self.unknownCredential
        }
        guard found.credential.state == .active else { throw Self.revokedCredential }
        return found
    }

    /// The identity, if it is active.
    package func activeIdentity(_ id: String) async throws -> IdentityRecord {
        guard let identity = try await store.identity(id: id) else { throw Self.inactiveIdentity }
        try Self.requireActive(identity.status)
        return identity
    }

    /// Throws unless an identity with `status` may act.
    package static func requireActive(_ status: IdentityRecord.Status) throws {
        guard status == .active else { throw inactiveIdentity }
    }

    private static let unknownCredential = ServerError(APIErrorCode.credentialRevoked, "the credential is unknown in this realm")
    private static let revokedCredential = ServerError(APIErrorCode.credentialRevoked, "the credential has been revoked")
    private static let inactiveIdentity = ServerError(APIErrorCode.identityInactive, "the identity is suspended or deleted")

    /// A signed request's `issued_at` is within ``allowedClockSkew`` of now.
    package func checkFreshness(issuedAt: Int64) throws {
        let skew = abs(now().timeIntervalSince1970 - Double(issuedAt))
        guard skew <= Self.allowedClockSkew else {
            throw ServerError.invalidRequest("issued_at is more than 5 minutes from the server's clock")
        }
    }

    /// Accepts a request `credential` signed about itself: fresh, signed by its key over
    /// `message(issuedAt, requestID)`, and never accepted before (its request id, or for a
    /// client before v2 the signed message, is kept until the request could no longer pass the
    /// freshness check), on any instance.
    package func accept(
        _ request: SignedCredentialRequest, of credential: CredentialRecord, message: (Int64, String?) -> Data
    ) async throws {
        try checkFreshness(issuedAt: request.issuedAt)
        let signed = message(request.issuedAt, request.requestID)
        try Self.verifySignature(request.signature, of: credential, over: signed)
        let requestID = request.requestID ?? SHA256.hash(data: signed).map { String(format: "%02x", $0) }.joined()
        let lastAcceptable = Date(timeIntervalSince1970: Double(request.issuedAt) + Self.allowedClockSkew + 1)
        guard try await store.useSignedRequest(credentialID: credential.id, requestID: requestID, expiresAt: lastAcceptable) else {
            throw ServerError(APIErrorCode.replayedRequest, "this signed request has already been accepted once")
        }
    }

    /// `signature` (DER, base64url) is the credential's key's over `message`.
    package static func verifySignature(_ signature: String, of credential: CredentialRecord, over message: Data) throws {
        guard let certificate = try? Certificate(derEncoded: Array(credential.certificateDER)) else {
            throw ServerError(APIErrorCode.invalidSignature, "the signature does not verify with the credential's key")
        }
        try verifySignature(signature, of: certificate, over: message)
    }

    /// `signature` (DER, base64url) is by the key of `certificate` over `message`.
    package static func verifySignature(_ signature: String, of certificate: Certificate, over message: Data) throws {
        try verifySignature(signature, by: P256.Signing.PublicKey(certificate.publicKey), over: message)
    }

    /// `signature` (DER, base64url) is by `key` over `message`.
    package static func verifySignature(_ signature: String, by key: P256.Signing.PublicKey?, over message: Data) throws {
        guard let key,
              let der = Data(base64URLEncoded: signature),
              let parsed = try? P256.Signing.ECDSASignature(derRepresentation: der),
              key.isValidSignature(parsed, for: message)
        else { throw ServerError(APIErrorCode.invalidSignature, "the signature does not verify with the credential's key") }
    }

    /// The credential's certificate's key (read once per credential, ``PinnedKeys``), when the
    /// presented chain (PEM, leaf first) starts with that certificate and it is within its
    /// validity period.
    ///
    /// A sign-in needs no more: this server issued that certificate from the realm's authority
    /// and pinned it to the credential at enrollment, so comparing bytes proves what rebuilding
    /// the chain to the root would (and costs no signature verification). ``verifyChain(_:of:realm:)``
    /// does the whole check where the chain is handed on.
    package func pinnedKey(_ pems: [String], of credential: CredentialRecord, keys: PinnedKeys) throws -> P256.Signing.PublicKey {
        guard let first = pems.first else { throw Self.invalidChain("the certificate chain is empty or not PEM") }
        let key = keys.key(of: credential)
        // The certificate exactly as this server wrote it, byte for byte (not `String`'s
        // equivalence, which equates some different characters), is the credential's without
        // decoding it.
        let presentedAsPinned = key.map { first.utf8.elementsEqual($0.certificatePEM.utf8) } ?? false
        if !presentedAsPinned {
            guard let document = try? PEMDocument(pemString: first), document.discriminator == "CERTIFICATE" else {
                throw Self.invalidChain("the certificate chain is empty or not PEM")
            }
            guard Data(document.derBytes) == credential.certificateDER else {
                throw Self.invalidChain("the leaf certificate is not this credential's")
            }
        }
        guard let key else {
            throw Self.invalidChain("the credential's certificate does not parse")
        }
        let now = now()
        guard key.notValidBefore <= now, now <= key.notValidAfter else {
            throw Self.invalidChain("the credential's certificate is not valid at this time")
        }
        return key.publicKey
    }

    /// The presented chain (PEM, leaf first) starts with the credential's own certificate and
    /// runs to the realm's root; returns it parsed.
    @discardableResult
    package func verifyChain(_ pems: [String], of credential: CredentialRecord, realm: RealmRecord) async throws -> [Certificate] {
        let chain = try? pems.map { try Certificate(pemEncoded: $0) }
        guard let chain, let leaf = chain.first else {
            throw Self.invalidChain("the certificate chain is empty or not PEM")
        }
        guard try leaf.derData == credential.certificateDER else {
            throw Self.invalidChain("the leaf certificate is not this credential's")
        }
        guard try await keyring.root(of: realm).verifies(leaf: leaf, intermediates: Array(chain.dropFirst()), now: now()) else {
            throw Self.invalidChain("the chain was not issued by this realm's authority")
        }
        return chain
    }

    package static func invalidChain(_ description: String) -> ServerError {
        ServerError(APIErrorCode.invalidCertificateChain, description)
    }
}
