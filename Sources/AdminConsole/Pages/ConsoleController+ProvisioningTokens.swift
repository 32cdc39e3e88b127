import Foundation
package import Hummingbird
import IdentityProtocol
import IdentityStorage
package import IdentityServerCore
import Administration

/// A realm's provisioning tokens (the bearer tokens of its SCIM service): list, create with an
/// expiry (shown once, with the SCIM base URL), revoke after a confirmation.
extension ConsoleController {
    package func registerProvisioningTokens(on realm: RouterGroup<ServerRequestContext>) {
        realm.get("provisioning-tokens") { request, context in try await provisioningTokensPage(request, context, errors: .none) }
        realm.post("provisioning-tokens") { request, context in
            let (admin, console) = try acting(context)
            let realmPath = try RealmPath(context)
            return try await submitting({
                try await spendForm(console)
                let created = try await admin.createProvisioningToken(
                    realmPath, ProvisioningTokenInput(label: try console.field("label"), expiresIn: try console.expiresIn()))
                return secretPage(
                    console, heading: "Provisioning token \(created.label) created", label: "Provisioning token",
                    secret: created.token ?? "",
                    explanation: "Give your directory this token now, with the SCIM base URL \(created.scimBaseURL). "
                        + "It provisions this realm's users and groups, and nothing else.",
                    next: Self.provisioningTokensPath(realmPath))
            }, form: { errors in try await provisioningTokensPage(request, context, errors: errors) })
        }
        realm.get("provisioning-tokens/:token/revoke") { _, context in
            let (admin, console) = try acting(context)
            let realmPath = try RealmPath(context)
            let token = try await admin.provisioningToken(realmPath, try context.id("token"))
            let list = Self.provisioningTokensPath(realmPath)
            return confirmation(
                console, "Revoke provisioning token \(token.label)?",
                "The directory that uses it can no longer create, change or remove this realm's users and groups. This cannot be undone.",
                action: "\(list)/\(ConsolePaths.segment(token.id))/revoke", button: "Revoke token", cancel: list)
        }
        realm.post("provisioning-tokens/:token/revoke") { _, context in
            let (admin, _) = try acting(context)
            let realmPath = try RealmPath(context)
            _ = try await admin.revokeProvisioningToken(realmPath, try context.id("token"))
            return paths.redirect(ConsolePaths.noticed(Self.provisioningTokensPath(realmPath), .revoked))
        }
    }

    private static func provisioningTokensPath(_ realm: RealmPath) -> String { ConsolePaths.realm(realm) + "/provisioning-tokens" }

    private func provisioningTokensPage(_ request: Request, _ context: ServerRequestContext, errors: FormErrors) async throws -> Response {
        let (admin, console) = try acting(context)
        let realmPath = try RealmPath(context)
        let realm = try await admin.realm(realmPath)
        let tokens = try await admin.provisioningTokens(realmPath, try request.page(size: 50))
        let list = Self.provisioningTokensPath(realmPath)
        return renderer.page(.provisioningTokens, ProvisioningTokensPage(
            chrome: chrome(console), notice: ConsoleNotice.of(request),
            crumbs: try await realmCrumbs(admin, realmPath.tenantID, realmPath.realmID), href: paths.href(list),
            scimBaseURL: SCIMAuthentication.baseURL(issuer: realm.issuer),
            tokens: tokens.items.map { token in
                ProvisioningTokensPage.Row(
                    id: token.id, label: token.label, status: token.status.rawValue, created: ConsoleFormat.date(token.createdAt),
                    expires: ConsoleFormat.date(token.expiresAt, none: "never"),
                    revokeHref: token.status == .active ? paths.href("\(list)/\(ConsolePaths.segment(token.id))/revoke") : nil)
            },
            next: nextPage(list, tokens.nextCursor), errors: errors.messages, values: console.form.firstValues,
            formID: Secrets.token()))
    }
}
