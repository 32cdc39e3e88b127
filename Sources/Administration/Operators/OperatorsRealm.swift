import Foundation
import HTTPTypes
package import IdentityProtocol
package import IdentityStorage
package import IdentityServerCore

/// The operators' realm: a tenant and a realm of fixed ids, made at the first start, whose
/// identities are the console's operators. They enroll by the same links as anyone (a passkey
/// in the browser, or the app), sign in on the realm's account page (a passkey, or approving
/// from the app on their phone), and the console takes that session with their ``OperatorRecord``'s
/// role. Never a password.
package enum OperatorsRealm {
    /// The operators' tenant's and realm's id.
    package static let tenantID = "operators"
    package static let realmID = "operators"
    /// The first owner's username.
    package static let firstOwner = "owner"

    /// The realm's path.
    package static var path: RealmPath { RealmPath(tenantID: tenantID, realmID: realmID) }

    /// The operators' account page, where they sign in.
    package static func accountPage(_ baseURL: PublicBaseURL) -> String {
        baseURL.issuer(tenantID: tenantID, realmID: realmID) + "/account"
    }

    /// Makes the operators' tenant and realm when they are missing (another instance may make
    /// them at once: either's stands) and, while there is no operator, the first owner: returns
    /// the owner's enrollment link, to show on the terminal only; `nil` when there are operators.
    package static func prepare(_ admin: AdminService) async throws -> String? {
        try await makeRealm(admin)
        guard try await admin.store.operatorCount() == 0 else { return nil }
        do {
            return try await admin.createOperator(OperatorInput(username: firstOwner, displayName: "Owner", role: AdminRole.owner.rawValue))
                .enrollmentLink
        } catch let error as ServerError where error.status == .conflict {
            return nil  // another instance made the first owner meanwhile: its terminal shows the link
        }
    }

    /// Makes the operators' tenant and realm, with the console's application, when missing.
    package static func makeRealm(_ admin: AdminService) async throws {
        if try await admin.store.tenant(id: tenantID) == nil {
            try await tolerantOfAnother { _ = try await admin.createTenant(TenantInput(displayName: "Operators"), id: tenantID) }
        }
        if try await admin.store.realm(id: realmID) == nil {
            try await tolerantOfAnother {
                _ = try await admin.createRealm(tenantID, RealmInput(
                    displayName: "Operators", registrationRedirectURI: accountPage(admin.baseURL), accountPage: true), id: realmID)
                // The console as the realm's relying party: what says operators sign in with
                // passkeys (an enrollment link offers one only where an application takes them).
                _ = try await admin.createApplication(tenantID, realmID, ApplicationInput(
                    displayName: "Console", clientType: "public", redirectURIs: [accountPage(admin.baseURL)], allowedScopes: ["openid"],
                    grantTypes: ["authorization_code"], signInMethods: ["passkey", "cross_device"]))
            }
        }
    }

    /// Runs a creation that another instance may have made first (`409`).
    private static func tolerantOfAnother(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as ServerError where error.status == .conflict {}
    }
}
