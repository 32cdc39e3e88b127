import Foundation
package import Hummingbird
import IdentityProtocol
import IdentityStorage
package import IdentityServerCore
import Administration

/// A realm's identities: search by username or email, create, edit, suspend and reactivate,
/// delete after confirmation, send an enrollment or recovery link by mail or show it once.
extension ConsoleController {
    package func registerIdentities(on realm: RouterGroup<ServerRequestContext>) {
        realm.get("identities") { request, context in try await identitiesPage(request, context, errors: .none) }
        realm.post("identities") { request, context in
            let (admin, console) = try acting(context)
            let realmPath = try RealmPath(context)
            return try await submitting({
                let created = try await admin.createIdentity(realmPath, IdentityInput(
                    username: try console.field("username"), email: try console.field("email"),
                    displayName: try console.field("display_name")))
                return paths.redirect(ConsolePaths.noticed(
                    ConsolePaths.identity(IdentityPath(realm: realmPath, identityID: created.id)), .created))
            }, form: { errors in try await identitiesPage(request, context, errors: errors) })
        }
        let identity = realm.group("identities/:identity")
        identity.get { request, context in try await identityPage(request, context, errors: .none) }
        identity.post { request, context in
            let (admin, console) = try acting(context)
            let identityPath = try IdentityPath(context)
            return try await submitting({
                _ = try await admin.updateIdentity(identityPath, IdentityInput(
                    username: try console.field("username"), email: try console.field("email"),
                    displayName: try console.field("display_name")))
                return paths.redirect(ConsolePaths.noticed(ConsolePaths.identity(identityPath), .saved))
            }, form: { errors in try await identityPage(request, context, errors: errors) })
        }
        for (action, status, notice) in [("suspend", IdentityRecord.Status.suspended, ConsoleNotice.suspended),
                                         ("reactivate", .active, .reactivated)] {
            identity.post(RouterPath(stringLiteral: action)) { _, context in
                let (admin, _) = try acting(context)
                let identityPath = try IdentityPath(context)
                _ = try await admin.updateIdentity(identityPath, IdentityInput(status: status.rawValue))
                return paths.redirect(ConsolePaths.noticed(ConsolePaths.identity(identityPath), notice))
            }
        }
        identity.get("delete") { _, context in
            let (admin, console) = try acting(context)
            let identityPath = try IdentityPath(context)
            let current = try await admin.identity(identityPath)
            let path = ConsolePaths.identity(identityPath)
            return confirmation(
                console, "Delete identity \(current.username)?",
                "Every credential of \(current.displayName) is revoked and its devices can no longer sign in; its sessions end. The record stays, marked deleted, for the audit trail. This cannot be undone.",
                action: path + "/delete", button: "Delete identity", cancel: path)
        }
        identity.post("delete") { _, context in
            let (admin, _) = try acting(context)
            let identityPath = try IdentityPath(context)
            try await admin.deleteIdentity(identityPath)
            return paths.redirect(ConsolePaths.noticed(ConsolePaths.realm(identityPath.realm) + "/identities", .deleted))
        }
        identity.post("binding-jobs") { request, context in
            let (admin, console) = try acting(context)
            let identityPath = try IdentityPath(context)
            return try await submitting({
                try await spendForm(console)
                let job = try await admin.createBindingJob(identityPath, BindingJobInput(
                    kind: try console.field("kind"), delivery: try console.field("delivery"),
                    lifetimeSeconds: try console.field("lifetime").flatMap { $0.isEmpty ? nil : ConsoleFormat.seconds($0) },
                    keepOtherCredentials: try console.field("keep_other_credentials") == "on" ? true : nil))
                let path = ConsolePaths.identity(identityPath)
                guard let link = job.credentialBindingLink else { return paths.redirect(ConsolePaths.noticed(path, .mailSent)) }
                return secretPage(
                    console, heading: "Enrollment link", label: "Link", secret: link,
                    explanation: "Give this link to the user over a channel you trust. It works once, until \(ConsoleFormat.date(job.expiresAt)).",
                    next: path)
            }, form: { errors in try await identityPage(request, context, errors: errors) })
        }
        identity.post("binding-jobs/:job/revoke") { _, context in
            let (admin, _) = try acting(context)
            let identityPath = try IdentityPath(context)
            _ = try await admin.revokeBindingJob(identityPath, try context.id("job"))
            return paths.redirect(ConsolePaths.noticed(ConsolePaths.identity(identityPath), .revoked))
        }
        registerRevocations(on: identity)
    }

    /// The list as the query string asks (`q`, `status`, `order`, `page_size`, `cursor`), with the
    /// create form open when it was refused.
    private func identitiesPage(_ request: Request, _ context: ServerRequestContext, errors: FormErrors) async throws -> Response {
        let (admin, console) = try acting(context)
        let realmPath = try RealmPath(context)
        let query = try request.identityQuery()
        let size = try request.queryParameters().single("page_size").flatMap(Int.init).flatMap { IdentitiesPage.pageSizes.contains($0) ? $0 : nil } ?? 50
        let identities = try await admin.identities(realmPath, query, try request.page(size: size))
        let path = ConsolePaths.realm(realmPath) + "/identities"
        var listing: [(String, String)] = [("q", query.text), ("status", query.status?.rawValue ?? ""), ("order", query.order.rawValue)]
        listing = listing.filter { !$0.1.isEmpty } + (size == 50 ? [] : [("page_size", String(size))])
        func link(_ cursor: String?) -> String? {
            cursor.map { cursor in
                paths.href(path + "?" + (listing + [("cursor", cursor)]).map { "\($0)=\(ConsolePaths.query($1))" }.joined(separator: "&"))
            }
        }
        return renderer.page(.identities, IdentitiesPage(
            chrome: chrome(console), notice: ConsoleNotice.of(request),
            crumbs: try await realmCrumbs(admin, realmPath.tenantID, realmPath.realmID),
            href: paths.href(path), query: query, pageSize: size, total: identities.total ?? 0,
            identities: identities.items.map { identity in
                IdentitiesPage.Row(
                    username: identity.username, displayName: identity.displayName, email: identity.email ?? "", status: identity.status.rawValue,
                    created: ConsoleFormat.date(identity.createdAt),
                    href: paths.href(ConsolePaths.identity(IdentityPath(realm: realmPath, identityID: identity.id))))
            },
            previous: link(identities.previousCursor), next: link(identities.nextCursor),
            scimHref: paths.href(ConsolePaths.realm(realmPath) + "/provisioning-tokens"),
            errors: errors.messages, values: console.form.firstValues))
    }

    private func identityPage(_ request: Request, _ context: ServerRequestContext, errors: FormErrors) async throws -> Response {
        let (admin, console) = try acting(context)
        let identityPath = try IdentityPath(context)
        let identity = try await admin.identity(identityPath)
        let path = ConsolePaths.identity(identityPath)
        let all = PageRequest(size: 1000)
        let credentials = try await admin.credentials(identityPath, all).items.map { credential in
            let active = credential.state == .active
            // A passkey says so, its provider where known, and whether it can be synced to the
            // user's other devices.
            let kind = credential.passkey.map { passkey in
                " (" + (["passkey", passkey.authenticatorName, passkey.backupEligible ? "synced" : nil].compactMap { $0 }.joined(separator: ", ")) + ")"
            } ?? ""
            return IdentityPage.CredentialRow(
                id: credential.id, deviceName: (credential.deviceName ?? "—") + kind, state: credential.state.rawValue,
                created: ConsoleFormat.date(credential.createdAt), lastUsed: ConsoleFormat.date(credential.lastUsedAt, none: "never"),
                revokeHref: active ? paths.href("\(path)/credentials/\(ConsolePaths.segment(credential.id))/revoke") : nil)
        }
        // Sessions are named by their applications where the role reads them (support does not).
        let applications = console.session.admin.may(.readConfiguration) ? Dictionary(
            uniqueKeysWithValues: try await admin.applications(identityPath.tenantID, identityPath.realmID, all).items.map {
                ($0.id, $0.displayName)
            }) : [:]
        let sessions = try await admin.sessions(identityPath, all).items.map { session in
            let active = session.revokedAt == nil && session.expiresAt > now()
            return IdentityPage.SessionRow(
                id: session.id, client: applications[session.applicationID] ?? session.clientID ?? session.applicationID, created: ConsoleFormat.date(session.createdAt),
                expires: ConsoleFormat.date(session.expiresAt), state: session.revokedAt != nil ? "revoked" : active ? "active" : "expired",
                revokeHref: active ? paths.href("\(path)/sessions/\(ConsolePaths.segment(session.id))/revoke") : nil)
        }
        let asOf = now()
        let jobs = try await admin.bindingJobs(identityPath, all).items.map { job in
            // A pending link past its expiry says so; one still usable can be revoked.
            let usable = job.status == .pending && job.expiresAt > asOf
            return IdentityPage.JobRow(
                kind: job.kind.rawValue, delivery: job.delivery.rawValue,
                status: job.status == .pending && !usable ? "expired" : job.status.rawValue,
                mail: [job.mailStatus?.rawValue, job.mailError].compactMap { $0 }.joined(separator: ": "),
                created: ConsoleFormat.date(job.createdAt), expires: ConsoleFormat.date(job.expiresAt),
                revokeHref: usable ? paths.href("\(path)/binding-jobs/\(ConsolePaths.segment(job.id))/revoke") : nil)
        }
        return renderer.page(.identity, IdentityPage(
            chrome: chrome(console), notice: ConsoleNotice.of(request),
            crumbs: try await realmCrumbs(admin, identityPath.tenantID, identityPath.realmID),
            href: paths.href(path), id: identity.id, username: identity.username, displayName: identity.displayName,
            email: identity.email ?? "", status: identity.status.rawValue, created: ConsoleFormat.date(identity.createdAt),
            groups: (identity.groups ?? []).map(\.displayName), isActive: identity.status == .active,
            isSuspended: identity.status == .suspended,
            isDeleted: identity.status == .deleted,
            credentials: credentials, sessions: sessions, jobs: jobs, errors: errors.messages, values: console.form.firstValues,
            formID: Secrets.token()))
    }
}
