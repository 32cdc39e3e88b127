import Foundation
package import Hummingbird
import IdentityProtocol
package import IdentityServerCore
import Administration

/// Revoking an identity's credential or session, each after a page that says what will happen.
extension ConsoleController {
    package func registerRevocations(on identity: RouterGroup<ServerRequestContext>) {
        identity.get("credentials/:credential/revoke") { _, context in
            let (admin, console) = try acting(context)
            let identityPath = try IdentityPath(context)
            let credential = try await admin.credential(identityPath, try context.id("credential"))
            let path = ConsolePaths.identity(identityPath)
            return confirmation(
                console, "Revoke the credential on \(credential.deviceName ?? "this device")?",
                "The device key \(credential.id) can no longer sign in, and every session it opened ends now. The user needs a new enrollment link or another device to sign in again.",
                action: "\(path)/credentials/\(ConsolePaths.segment(credential.id))/revoke", button: "Revoke credential", cancel: path)
        }
        identity.post("credentials/:credential/revoke") { _, context in
            let (admin, _) = try acting(context)
            let identityPath = try IdentityPath(context)
            _ = try await admin.revokeCredential(identityPath, try context.id("credential"))
            return paths.redirect(ConsolePaths.noticed(ConsolePaths.identity(identityPath), .revoked))
        }
        identity.get("sessions/:session/revoke") { _, context in
            let (admin, console) = try acting(context)
            let identityPath = try IdentityPath(context)
            let session = try await admin.session(identityPath, try context.id("session"))
            let path = ConsolePaths.identity(identityPath)
            // Named as the identity's page names it: by its application.
            let application = try? await admin.application(identityPath.tenantID, identityPath.realmID, session.applicationID)
            let name = application?.displayName ?? session.clientID ?? session.applicationID
            return confirmation(
                console, "End this session of \(name)?",
                "The sign-in to \(name) of \(ConsoleFormat.date(session.authTime)) ends now: its refresh token and access tokens stop working, and the application must sign the user in again.",
                action: "\(path)/sessions/\(ConsolePaths.segment(session.id))/revoke", button: "End session", cancel: path)
        }
        identity.post("sessions/:session/revoke") { _, context in
            let (admin, _) = try acting(context)
            let identityPath = try IdentityPath(context)
            _ = try await admin.revokeSession(identityPath, try context.id("session"))
            return paths.redirect(ConsolePaths.noticed(ConsolePaths.identity(identityPath), .revoked))
        }
    }
}
