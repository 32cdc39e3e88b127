import BeyondIdentityEmbedded
import Foundation
import IdentityProtocol

/// Who signed in, as the CLI names them: the identity an ID token is about (`sub`, the
/// identity's id), with the display name and username the device's credential for it carries.
struct SignedInIdentity: Encodable, CustomStringConvertible {
    let id: String
    let username: String?
    let displayName: String?

    init(id: String, username: String?, displayName: String?) {
        (self.id, self.username, self.displayName) = (id, username, displayName)
    }

    /// The identity `credential` belongs to.
    init(_ credential: Credential) {
        self.init(id: credential.identityID, username: credential.identityUsername, displayName: credential.identityDisplayName)
    }

    /// The subject of `idToken`, named by the first of `credentials` that belongs to it; `nil`
    /// when the token has no readable subject. The token is only read here: the SDK verified it.
    init?(idToken: String, among credentials: [Credential]) {
        struct Claims: Decodable { let sub: String }
        let parts = idToken.split(separator: ".")
        guard parts.count == 3, let payload = Data(base64URLEncoded: String(parts[1])),
              let subject = try? JSONDecoder().decode(Claims.self, from: payload).sub
        else { return nil }
        if let credential = credentials.first(where: { $0.identityID == subject }) {
            self.init(credential)
        } else {
            self.init(id: subject, username: nil, displayName: nil)
        }
    }

    /// The one identity all of `credentials` belong to; `nil` when there are several or none.
    static func only(among credentials: [Credential]) -> SignedInIdentity? {
        guard let first = credentials.first, credentials.allSatisfy({ $0.identityID == first.identityID }) else { return nil }
        return SignedInIdentity(first)
    }

    /// "Ada Lovelace (ada)"; "ada" when the display name is the username; the identity's id
    /// when no credential on the device names it.
    var description: String {
        guard let username else { return "identity \(id)" }
        guard let displayName, !displayName.isEmpty, displayName != username else { return username }
        return "\(displayName) (\(username))"
    }
}
