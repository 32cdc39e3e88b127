import Foundation
import SQLKit

extension PasskeyRecord: SQLRecord {
    static let table = "passkeys"
    var columns: [SQLColumn] {
        [("credential_id", credentialID), ("realm_id", realmID), ("webauthn_id", webAuthnID), ("public_key", publicKey),
         ("algorithm", Int64(algorithm)), ("sign_count", Int64(signCount)), ("aaguid", aaguid),
         ("transports", transports.joined(separator: " ")), ("backup_eligible", Int64(backupEligible ? 1 : 0)),
         ("backed_up", Int64(backedUp ? 1 : 0)), ("attestation_format", attestationFormat),
         ("attestation_trusted", Int64(attestationTrusted ? 1 : 0))]
    }
    init(row: any SQLRow) throws {
        self.init(
            credentialID: try row.string("credential_id"), realmID: try row.string("realm_id"), webAuthnID: try row.data("webauthn_id"),
            publicKey: try row.data("public_key"), algorithm: Int(try row.decode(column: "algorithm", as: Int64.self)),
            signCount: UInt32(clamping: try row.decode(column: "sign_count", as: Int64.self)), aaguid: try row.data("aaguid"),
            transports: try row.string("transports").split(separator: " ").map(String.init),
            backupEligible: try row.decode(column: "backup_eligible", as: Int64.self) != 0,
            backedUp: try row.decode(column: "backed_up", as: Int64.self) != 0,
            attestationFormat: try row.string("attestation_format"),
            attestationTrusted: try row.decode(column: "attestation_trusted", as: Int64.self) != 0)
    }
}
