package import IdentityProtocol
import IdentityStorage
import IdentityServerCore

/// Tells devices the current state of their credentials, so a revocation or a suspended
/// identity reaches them. Unsigned: a credential id is a random 128-bit value that only its
/// device and the server know, and the answer reveals nothing else.
package struct CredentialStatusService {
    package let store: any DeviceSignInStore

    /// At most this many ids per request.
    package static let maximumIDs = 100

    package func states(_ request: CredentialStatusRequest) async throws -> CredentialStatusResponse {
        guard request.credentialIDs.count <= Self.maximumIDs else {
            throw ServerError.invalidRequest("at most \(Self.maximumIDs) credential ids per request")
        }
        let standings = try await store.credentialStandings(ids: Array(Set(request.credentialIDs)))
        var states: [String: ServerCredentialState] = [:]
        for id in request.credentialIDs {
            states[id] = standings[id].map(Self.state) ?? .unknown
        }
        return CredentialStatusResponse(states: states)
    }

    /// The state a device shows: the credential's own unless it is active and its identity is not.
    private static func state(_ standing: CredentialStanding) -> ServerCredentialState {
        guard standing.credentialState == .active else { return .revoked }
        return ServerCredentialState(standing.identityStatus)
    }
}
