import Foundation
import SQLKit

extension AuthorizationCodeRecord: SQLRecord {
    static let table = "authorization_codes"
    var columns: [SQLColumn] {
        [("code_hash", codeHash), ("application_id", applicationID), ("realm_id", realmID), ("identity_id", identityID),
         ("credential_id", credentialID), ("redirect_uri", redirectURI), ("scope", scope), ("nonce", nonce),
         ("code_challenge", codeChallenge), ("code_challenge_method", codeChallengeMethod),
         ("auth_time", authTime.milliseconds), ("expires_at", expiresAt.milliseconds),
         ("created_at", createdAt.milliseconds), ("used_at", usedAt?.milliseconds), ("transaction_hash", transactionHash),
         ("amr", jsonText(assurance.methods)), ("acr", assurance.level), ("session_id", sessionID),
         ("traceparent", traceparent)]
    }
    init(row: any SQLRow) throws {
        self.init(
            codeHash: try row.data("code_hash"), applicationID: try row.string("application_id"),
            realmID: try row.string("realm_id"), identityID: try row.string("identity_id"),
            credentialID: try row.optionalString("credential_id"), redirectURI: try row.string("redirect_uri"),
            scope: try row.string("scope"), nonce: try row.optionalString("nonce"),
            codeChallenge: try row.optionalString("code_challenge"),
            codeChallengeMethod: try row.optionalString("code_challenge_method"), authTime: try row.date("auth_time"),
            expiresAt: try row.date("expires_at"), createdAt: try row.date("created_at"), usedAt: try row.optionalDate("used_at"),
            transactionHash: try row.optionalData("transaction_hash"), assurance: try SignInAssurance(row: row),
            sessionID: try row.optionalString("session_id"), traceparent: try row.optionalString("traceparent"))
    }
}
