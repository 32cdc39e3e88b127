import Foundation
package import Hummingbird
import IdentityProtocol
import IdentityStorage
package import IdentityServerCore
package import Administration

/// A realm's applications: create (a confidential client's secret shown once), edit every
/// setting, rotate the secret with a chosen overlap, delete after confirmation.
extension ConsoleController {
    package func registerApplications(on realm: RouterGroup<ServerRequestContext>) {
        realm.get("applications/new") { request, context in
            try context.requireConsole().session.admin.require(.configure, toDo: "create applications")
            return try await applicationPage(request, context, applicationID: nil, form: .blank, errors: .none)
        }
        realm.post("applications") { request, context in
            let (admin, console) = try acting(context)
            let (tenantID, realmID) = try context.realmPath()
            return try await submitting(fields: ApplicationForm.fields, {
                try await spendForm(console)
                var problems = InputProblems()
                let input = try ApplicationForm.input(console.form, creating: true, problems: &problems)
                let created = try await admin.createApplication(tenantID, realmID, input, noted: problems)
                let path = ConsolePaths.application(tenantID, realmID, created.id)
                guard let secret = created.clientSecret else { return paths.redirect(ConsolePaths.noticed(path, .created)) }
                return secretPage(console, heading: "Application \(created.displayName) created", label: "Client secret", secret: secret,
                                  explanation: "Copy the client secret into your backend's configuration now, with the client id \(created.clientID).",
                                  next: path)
            }, form: { errors in
                try await applicationPage(request, context, applicationID: nil, form: ApplicationForm(console.form), errors: errors)
            })
        }
        let application = realm.group("applications/:application")
        application.get { request, context in
            let (admin, _) = try acting(context)
            let (tenantID, realmID) = try context.realmPath()
            let current = try await admin.application(tenantID, realmID, try context.id("application"))
            return try await applicationPage(request, context, applicationID: current.id, form: ApplicationForm(current), errors: .none)
        }
        application.post { request, context in
            let (admin, console) = try acting(context)
            let (tenantID, realmID) = try context.realmPath()
            let applicationID = try context.id("application")
            return try await submitting(fields: ApplicationForm.fields, {
                var problems = InputProblems()
                let input = try ApplicationForm.input(console.form, creating: false, problems: &problems)
                _ = try await admin.updateApplication(tenantID, realmID, applicationID, input, noted: problems)
                return paths.redirect(ConsolePaths.noticed(ConsolePaths.application(tenantID, realmID, applicationID), .saved))
            }, form: { errors in
                try await applicationPage(request, context, applicationID: applicationID, form: ApplicationForm(console.form), errors: errors)
            })
        }
        application.post("rotate-secret") { _, context in
            let (admin, console) = try acting(context)
            let (tenantID, realmID) = try context.realmPath()
            let overlap = try console.field("overlap_seconds").map { text in
                guard let seconds = Int(text) else { throw ServerError.invalidRequest("'overlap_seconds' must be a whole number of seconds") }
                return seconds
            }
            // After what the form alone can get wrong, so a typo does not spend it.
            try await spendForm(console)
            let rotated = try await admin.rotateClientSecret(
                tenantID, realmID, try context.id("application"), ClientSecretRotationInput(overlapSeconds: overlap))
            return secretPage(
                console, heading: "New secret for \(rotated.displayName)", label: "Client secret", secret: rotated.clientSecret ?? "",
                explanation: rotated.previousClientSecretExpiresAt.map { "The previous secret keeps working until \(ConsoleFormat.date($0)). Deploy the new one before then." }
                    ?? "The previous secret has stopped working. Deploy the new one now.",
                next: ConsolePaths.application(tenantID, realmID, rotated.id))
        }
        application.get("delete") { _, context in
            let (admin, console) = try acting(context)
            let (tenantID, realmID) = try context.realmPath()
            let current = try await admin.application(tenantID, realmID, try context.id("application"))
            let path = ConsolePaths.application(tenantID, realmID, current.id)
            return confirmation(
                console, "Delete application \(current.displayName)?",
                "Sign-ins through client \(current.clientID) stop at once, and its sessions and refresh tokens end. Identities and their credentials stay. This cannot be undone.",
                action: path + "/delete", button: "Delete application", cancel: path)
        }
        application.post("delete") { _, context in
            let (admin, _) = try acting(context)
            let (tenantID, realmID) = try context.realmPath()
            try await admin.deleteApplication(tenantID, realmID, try context.id("application"))
            return paths.redirect(ConsolePaths.noticed(ConsolePaths.realm(tenantID, realmID), .deleted))
        }
    }

    private func applicationPage(
        _ request: Request, _ context: ServerRequestContext, applicationID: String?, form: ApplicationForm, errors: FormErrors
    ) async throws -> Response {
        let (admin, console) = try acting(context)
        let (tenantID, realmID) = try context.realmPath()
        let crumbs = try await realmCrumbs(admin, tenantID, realmID)
        var current: IdentityProtocol.Application?
        if let applicationID { current = try await admin.application(tenantID, realmID, applicationID) }
        let realmPath = ConsolePaths.realm(tenantID, realmID)
        let href = current.map { paths.href(ConsolePaths.application(tenantID, realmID, $0.id)) }
        return renderer.page(.applicationForm, ApplicationFormPage(
            chrome: chrome(console), notice: ConsoleNotice.of(request), crumbs: crumbs, isNew: current == nil,
            heading: current?.displayName ?? "New application", action: href ?? paths.href(realmPath + "/applications"), href: href,
            clientID: current?.clientID ?? "",
            clientType: current.map { "\($0.clientType.rawValue) (\($0.tokenEndpointAuthMethod.rawValue))" } ?? "", issuer: current?.issuer ?? "",
            endpoints: current.map { application in
                ["discovery": ProviderPath.discovery, "authorize": ProviderPath.authorize, "token": ProviderPath.token]
                    .mapValues { application.issuer + $0 }
            } ?? [:], confidential: current?.clientType == .confidential,
            previousSecretExpires: current?.previousClientSecretExpiresAt.map { ConsoleFormat.date($0) },
            values: form.values, flags: form.flags, errors: errors.messages, summary: errors.summary,
            hasSummary: !errors.summary.isEmpty, formID: Secrets.token()))
    }

    /// The trail to a realm, its names looked up as the operator may see them.
    package func realmCrumbs(_ admin: AdminService, _ tenantID: String, _ realmID: String) async throws -> RealmCrumbs {
        let (tenant, realm) = (try await admin.tenant(tenantID), try await admin.realm(tenantID, realmID))
        return RealmCrumbs(
            tenantName: tenant.displayName, tenantHref: paths.href(ConsolePaths.tenant(tenantID)), realmName: realm.displayName,
            realmHref: paths.href(ConsolePaths.realm(tenantID, realmID)))
    }

    /// A secret shown once, with Done leading to `next` (a console path).
    package func secretPage(_ console: ConsoleRequest, heading: String, label: String, secret: String, explanation: String, next: String) -> Response {
        renderer.page(.shownOnce, ShownOncePage(
            chrome: chrome(console), heading: heading, explanation: explanation, label: label, secret: secret, next: paths.href(next)))
    }
}
