import Foundation
import IdentityStorage
package import Hummingbird
import IdentityProtocol
package import IdentityServerCore
import Administration

/// A realm's page: settings, applications, signing keys (rotated on demand), deletion.
extension ConsoleController {
    package func registerRealm(on realm: RouterGroup<ServerRequestContext>) {
        realm.get { request, context in try await realmPage(request, context, errors: .none) }
        realm.post("passkey-policy") { request, context in
            let (admin, console) = try acting(context)
            let realmPath = try RealmPath(context)
            do {
                _ = try await admin.updateRealm(realmPath, RealmInput(passkeyPolicy: try PasskeyPolicyForm.policy(console.form)))
                return paths.redirect(ConsolePaths.noticed(ConsolePaths.realm(realmPath), .saved))
            } catch let error as ServerError where error.status == .badRequest {
                var response = try await realmPage(
                    request, context, errors: .none, passkeys: PasskeyPolicyForm(console.form, error: error.description))
                response.status = error.status
                return response
            }
        }
        realm.post { request, context in
            let (admin, console) = try acting(context)
            let realmPath = try RealmPath(context)
            return try await submitting({
                _ = try await admin.updateRealm(realmPath, RealmInput(
                    displayName: try console.field("display_name"),
                    registrationRedirectURI: try console.field("registration_redirect_uri"),
                    theme: RealmTheme(
                        logoLightURL: try console.field("logo_light_url") ?? "", logoDarkURL: try console.field("logo_dark_url") ?? "",
                        supportURL: try console.field("support_url") ?? ""),
                    scimEnrollment: try console.field("scim_enrollment") ?? SCIMEnrollment.none.rawValue,
                    accountPage: try console.field("account_page") == "on"))
                return paths.redirect(ConsolePaths.noticed(ConsolePaths.realm(realmPath), .saved))
            }, form: { errors in try await realmPage(request, context, errors: errors) })
        }
        realm.get("signing-keys/rotate") { _, context in try await rotateKeysConfirmation(context, error: nil) }
        realm.post("signing-keys/rotate") { _, context in
            let (admin, console) = try acting(context)
            let realmPath = try RealmPath(context)
            guard try Self.typed(try await admin.realm(realmPath).displayName, in: console) else {
                return try await rotateKeysConfirmation(context, error: "The name typed is not the realm's: no key was rotated.")
            }
            _ = try await admin.rotateSigningKeys(realmPath)
            return paths.redirect(ConsolePaths.noticed(ConsolePaths.realm(realmPath), .keysRotated))
        }
        realm.get("delete") { _, context in try await deleteRealmConfirmation(context, error: nil) }
        realm.post("delete") { _, context in
            let (admin, console) = try acting(context)
            let realmPath = try RealmPath(context)
            guard try Self.typed(try await admin.realm(realmPath).displayName, in: console) else {
                return try await deleteRealmConfirmation(context, error: "The name typed is not the realm's: nothing was deleted.")
            }
            try await admin.deleteRealm(realmPath)
            return paths.redirect(ConsolePaths.noticed(ConsolePaths.tenant(realmPath.tenantID), .deleted))
        }
    }

    /// Deleting a realm: what goes with it, counted, and its name to type.
    private func deleteRealmConfirmation(_ context: ServerRequestContext, error: String?) async throws -> Response {
        let (admin, console) = try acting(context)
        let realmPath = try RealmPath(context)
        let record = try await admin.realm(realmPath)
        let population = try await admin.realmPopulation().first { $0.realmID == record.id }
        let applications = try await admin.applications(realmPath.tenantID, realmPath.realmID, PageRequest(size: 1000)).items.count
        let path = ConsolePaths.realm(realmPath)
        return confirmation(
            console, "Delete realm \(record.displayName)?",
            "This deletes the realm with its \(Self.count(applications, "application")), "
                + "\(Self.count(population?.activeIdentities ?? 0, "active identity", "active identities")) and "
                + "\(Self.count(population?.activeCredentials ?? 0, "active credential")), and its signing keys. "
                + "Its issuer stops answering and no device enrolled in it can sign in again. This cannot be undone.",
            action: path + "/delete", button: "Delete realm", cancel: path, typeToConfirm: record.displayName, error: error)
    }

    /// Rotating a realm's signing keys: what signs from when, who must fetch the new keys,
    /// counted, and the realm's name to type.
    private func rotateKeysConfirmation(_ context: ServerRequestContext, error: String?) async throws -> Response {
        let (admin, console) = try acting(context)
        try admin.requireRecentProof(toDo: "rotate signing keys")
        let realmPath = try RealmPath(context)
        let record = try await admin.realm(realmPath)
        let current = try await admin.signingKeys(realmPath).filter { $0.status == .current }
        let applications = try await admin.applications(realmPath.tenantID, realmPath.realmID, PageRequest(size: 1000)).items.count
        let population = try await admin.realmPopulation().first { $0.realmID == record.id }
        let path = ConsolePaths.realm(realmPath)
        return confirmation(
            console, "Rotate the signing keys of \(record.displayName)?",
            "New keys replace the realm's \(Self.count(current.count, "current signing key")): each is published in the "
                + "realm's JWKS at once and signs new tokens after \(ConsoleFormat.duration(Int(admin.signingKeyPrepublication))). "
                + "Tokens already issued stay valid: the current keys verify them until they retire. "
                + "The realm's \(Self.count(applications, "application")) and every service that checks its tokens "
                + "must fetch the JWKS again before then; its identities (\(population?.activeIdentities ?? 0) active) sign in as before.",
            action: path + "/signing-keys/rotate", button: "Rotate signing keys", cancel: path, typeToConfirm: record.displayName,
            error: error)
    }

    private func realmPage(
        _ request: Request, _ context: ServerRequestContext, errors: FormErrors, passkeys: PasskeyPolicyForm? = nil
    ) async throws -> Response {
        let (admin, console) = try acting(context)
        let realmPath = try RealmPath(context)
        let (tenantID, realmID) = (realmPath.tenantID, realmPath.realmID)
        let (tenant, realm) = (try await admin.tenant(tenantID), try await admin.realm(realmPath))
        let readsConfiguration = console.session.admin.may(.readConfiguration)
        let applications = readsConfiguration ? try await admin.applications(tenantID, realmID, PageRequest(size: 1000)).items : []
        return renderer.page(.realm, RealmPage(
            chrome: chrome(console), notice: ConsoleNotice.of(request), tenantName: tenant.displayName,
            tenantHref: paths.href(ConsolePaths.tenant(tenantID)), name: realm.displayName, id: realm.id, issuer: realm.issuer,
            registrationRedirectURI: realm.registrationRedirectURI, mailsSCIMUsersLinks: realm.scimEnrollment == .email,
            theme: realm.theme ?? RealmTheme(), accountPage: realm.accountPage ? realm.issuer + "/account" : nil, href: paths.href(ConsolePaths.realm(realmPath)),
            mayReadConfiguration: readsConfiguration, mayConfigure: console.session.admin.may(.configure),
            applications: applications.map { application in
                RealmPage.ApplicationRow(
                    name: application.displayName, clientID: application.clientID, clientType: application.clientType.rawValue,
                    href: paths.href(ConsolePaths.application(tenantID, realmID, application.id)))
            },
            keys: (readsConfiguration ? try await admin.signingKeys(realmPath) : []).map { key in
                RealmPage.KeyRow(
                    kid: key.kid, algorithm: key.algorithm.rawValue, status: key.status.rawValue, activates: ConsoleFormat.date(key.activatesAt),
                    retires: ConsoleFormat.date(key.retiresAt))
            },
            passkeys: passkeys ?? PasskeyPolicyForm(realm.passkeyPolicy),
            errors: errors.messages, values: console.form.firstValues))
    }
}
