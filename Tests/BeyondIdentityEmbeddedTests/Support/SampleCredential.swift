import BeyondIdentityEmbedded
import Foundation

extension Credential {
    /// A credential for `keyHandle` with placeholder metadata, as key-store tests store it.
    static func sample(_ keyHandle: Credential.KeyHandle, id: String = "cred-1") -> Credential {
        Credential(
            handle: Credential.Handle(id), keyHandle: keyHandle, state: .active, created: Date(timeIntervalSince1970: 1_800_000_000),
            apiBaseURL: URL(string: FakeServer.base)!, chain: ["LEAF", "ROOT"], rootFingerprint: "fp", tenantID: "t1",
            tenantDisplayName: "Tenant", realmID: "r1", realmDisplayName: "Realm", identityID: "i1", identityUsername: "ada",
            identityDisplayName: "Ada")
    }
}
