package import Crypto
package import Foundation
import IdentityProtocol
import Testing
import X509

/// The device API of credential extension spoken by hand, for the cases the SDK never
/// produces (a holder that goes away, an endorsement of the wrong key).
package struct RawExtensionSession: Sendable {
    package let server: any TestServer
    package let sessionID: String
    package let secret: String
    package let code: String

    package init(server: any TestServer, sessionID: String, secret: String, code: String) {
        self.server = server
        self.sessionID = sessionID
        self.secret = secret
        self.code = code
    }

    private var client: HTTPTestClient { server.client() }

    /// `POST …/extensions/status`.
    package func status(after version: Int64 = 0, wait: Int = 0) async throws -> HTTPTestClient.Reply {
        try await client.send("POST", DeviceAPI.extensionStatus, json: [
            "session_id": sessionID, "secret": secret, "after_version": version, "wait": wait,
        ])
    }

    /// Waits (long poll) until the session is in `state`; returns that status.
    package func waitFor(_ state: String) async throws -> [String: Any] {
        var version: Int64 = 0
        for _ in 0..<20 {
            let reply = try await status(after: version, wait: 5)
            #expect(reply.status == 200, "\(reply.json)")
            if reply.json["state"] as? String == state { return reply.json }
            let current = reply.json["version"] as? Int
            version = Int64(try #require(current))
        }
        throw SetupError("the session never reached \(state)")
    }

    /// `POST …/extensions/cancel` with this session's secret (A's, or B's claim).
    package func cancel() async throws -> HTTPTestClient.Reply {
        try await client.send("POST", DeviceAPI.cancelExtension, json: ["session_id": sessionID, "secret": secret])
    }

    /// `POST …/extensions/endorse` with a signature of `tbs` by `key`.
    package func endorse(_ tbs: Data, with key: P256.Signing.PrivateKey, chain: [String]) async throws -> HTTPTestClient.Reply {
        try await client.send("POST", DeviceAPI.endorseExtension, json: [
            "session_id": sessionID, "secret": secret,
            "signature": try key.signature(for: tbs).derRepresentation.base64URLEncodedString,
            "certificate_chain": chain,
        ])
    }
}

extension TestDevice {
    /// Claims the session showing `code` with a CSR for this device's key, as device B.
    package func claimExtension(code: String, server: any TestServer) async throws -> RawExtensionSession {
        let reply = try await server.client().send(
            "POST", DeviceAPI.claimExtension, json: ["code": code, "csr": try Self.csr(for: key)])
        guard reply.status == 201 else { throw SetupError("claiming answered \(reply.status): \(reply.json)") }
        return RawExtensionSession(
            server: server, sessionID: try #require(reply.json["session_id"] as? String),
            secret: try #require(reply.json["secret"] as? String), code: code)
    }

    /// Opens an extension session for this device's credential.
    package func openExtension(server: any TestServer, issuedAt: Date = Date()) async throws -> RawExtensionSession {
        let reply = try await server.client().send(
            "POST", DeviceAPI.openExtension, json: try signedRequest(issuedAt: issuedAt, SignedMessage.extension))
        guard reply.status == 201 else { throw SetupError("opening an extension answered \(reply.status): \(reply.json)") }
        let code = try #require(reply.json["code"] as? [String: Any])
        return RawExtensionSession(
            server: server, sessionID: try #require(reply.json["session_id"] as? String),
            secret: try #require(reply.json["secret"] as? String), code: try #require(code["code"] as? String))
    }
}
