import Foundation

/// The stored credentials that can sign in to the configured application: issued by the
/// configured server for the realm of the client's issuer (`{server}/v1/tenants/T/realms/R`).
struct ApplicationCredentials: Sendable {
    let context: SDKContext

    /// Those credentials, oldest first, in any state. When the server cannot be reached to
    /// learn the client's realm, every credential of the configured server is returned.
    func current() async throws -> [Credential] {
        let ofServer = try await CredentialStates(context: context).current()
            .filter { context.domain.isBaseURL($0.apiBaseURL.absoluteString) }
        let issuer: String
        do {
            issuer = try await context.discovery.clientIssuer()
        } catch let error as BISDKError where error.errorType == .serverUnreachable {
            context.log(.warning, "application credentials: realm unknown, showing all of this server's: \(error.reason ?? "")")
            return ofServer
        }
        return ofServer.filter { issuer.hasSuffix("/v1/tenants/\($0.tenantID)/realms/\($0.realmID)") }
    }
}
