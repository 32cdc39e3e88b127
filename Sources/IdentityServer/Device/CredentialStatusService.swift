import IdentityProtocol
import IdentityStorage

/// Tells devices the current state of their credentials, so a revocation or a suspended
/// identity reaches them. Unsigned: a credential id is a random 128-bit value that only its
/// device and the server know, and the answer reveals nothing else.
struct CredentialStatusService {
    let context: ServerContext

    /// At most this many ids per request.
    static let maximumIDs = 100

    func states(_ request: CredentialStatusRequest) async throws -> CredentialStatusResponse {
        guard request.credentialIDs.count <= Self.maximumIDs else {
            throw ServiceError.invalidRequest("at most \(Self.maximumIDs) credential ids per request")
        }
        var states: [String: String] = [:]
        for id in Set(request.credentialIDs) {
            states[id] = try await state(of: id)
        }
        return CredentialStatusResponse(states: states)
    }

    private func state(of id: String) async throws -> String {
        guard let credential = try await context.store.credential(id: id) else { return CredentialStateWire.unknown }
        guard credential.state == CredentialStateWire.active else { return credential.state }
        switch try await context.store.identity(id: credential.identityID)?.status {
        case "active": return CredentialStateWire.active
        case "suspended": return CredentialStateWire.suspended
        default: return CredentialStateWire.deleted
        }
    }
}
