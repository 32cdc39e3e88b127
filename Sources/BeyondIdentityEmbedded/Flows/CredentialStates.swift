import Foundation
import IdentityProtocol

/// Keeps the states of stored credentials in step with the server (revoked, identity
/// suspended or deleted) while asking it at most once per ``SDKContext/credentialStateMaxAge``,
/// so reading credentials is usually local. When the server cannot be reached the last known
/// states stand.
struct CredentialStates: Sendable {
    let context: SDKContext

    /// The stored credentials, with states refreshed from the server if they are due (from each
    /// allowed server of theirs, when the SDK is configured with `allowedDomains`).
    func current() async throws -> [Credential] {
        var credentials = try await context.withKeyStore { try await $0.credentials() }
        let now = context.clock()
        let servers = context.servers(of: credentials).filter { server in
            credentials.contains { server.isBaseURL($0.apiBaseURL.absoluteString) }
        }
        guard !servers.isEmpty, await context.stateRefresh.isDue(at: now, maxAge: context.credentialStateMaxAge) else {
            return credentials
        }
        var asked = false
        for server in servers {
            let ours = credentials.indices.filter { server.isBaseURL(credentials[$0].apiBaseURL.absoluteString) }
            let response: CredentialStatusResponse
            do {
                response = try await context.api.post(
                    server.url(DeviceAPI.credentialStatus),
                    json: CredentialStatusRequest(credentialIDs: ours.map { credentials[$0].handle.rawValue }))
            } catch {
                context.log(.warning, "credential states: keeping the last known ones: \(error)")
                continue
            }
            asked = true
            for index in ours {
                guard let wire = response.states[credentials[index].handle.rawValue] else { continue }
                let state = CredentialState(wire: wire)
                guard state != credentials[index].state else { continue }
                try await context.withKeyStore { try await $0.updateState(state, for: credentials[index].handle) }
                credentials[index].state = state
                context.log(.info, "credential \(credentials[index].handle) is now \(state)")
            }
        }
        if asked { await context.stateRefresh.refreshed(at: now) }
        return credentials
    }
}

/// When credential states were last fetched; an error naming a credential's state makes the
/// next read fetch them again.
actor StateRefreshSchedule {
    private var last: Date?

    func isDue(at now: Date, maxAge: TimeInterval) -> Bool {
        guard let last else { return true }
        return now.timeIntervalSince(last) >= maxAge || now < last
    }

    func refreshed(at now: Date) { last = now }

    func invalidate() { last = nil }
}
