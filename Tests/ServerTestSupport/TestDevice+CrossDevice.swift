import Crypto
import Foundation
import IdentityProtocol
import Testing

extension TestDevice {
    /// The code of a cross-device sign-in URL.
    package static func code(in signInURL: String) throws -> String {
        try #require(HTTPTestClient.queryItem(CrossDeviceAPI.requestParameter, in: signInURL))
    }

    /// `POST` of the context of the sign-in `code`.
    package func crossDeviceContext(_ code: String, server: any TestServer) async throws -> HTTPTestClient.Reply {
        try await server.client().send("POST", CrossDeviceAPI.context, json: ["request": code])
    }

    /// Fetches the context of `code` and approves it with this device's key.
    package func approve(_ code: String, server: any TestServer) async throws -> HTTPTestClient.Reply {
        let context = try await crossDeviceContext(code, server: server)
        guard context.status == 200 else { return context }
        let challenge = try #require(context.json["challenge"] as? [String: Any])
        let transaction = try #require(challenge["transaction"] as? String)
        let message = SignedMessage.authentication(
            transaction: transaction, challenge: try #require(challenge["challenge"] as? String),
            issuer: try #require(challenge["issuer"] as? String), credentialID: credentialID)
        let signature = try key.signature(for: message).derRepresentation.base64URLEncodedString
        return try await server.client().send("POST", CrossDeviceAPI.approve, json: [
            "request": code,
            "assertion": ["transaction": transaction, "credential_id": credentialID, "certificate_chain": chain, "signature": signature],
        ])
    }

    /// Declines the sign-in `code`.
    package func decline(_ code: String, server: any TestServer) async throws -> HTTPTestClient.Reply {
        try await server.client().send("POST", CrossDeviceAPI.decline, json: ["request": code])
    }
}
