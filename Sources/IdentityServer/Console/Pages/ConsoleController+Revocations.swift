import Foundation
import Hummingbird

/// Revoking an identity's credential or session, each after a page that says what will happen.
extension ConsoleController {
    func registerRevocations(on identity: RouterGroup<ServerRequestContext>) {
        identity.get("credentials/:credential/revoke") { _, context in
            let (admin, console) = try acting(context)
            let (tenantID, realmID, identityID) = try context.identityPath()
            let credential = try await admin.credential(tenantID, realmID, identityID, try context.id("credential"))
            let path = ConsolePaths.identity(tenantID, realmID, identityID)
            return confirmation(
                console, "Revoke the credential on \(credential.deviceName ?? "this device")?",
                "The device key \(credential.id) can no longer sign in, and every session it opened ends now. The user needs a new enrollment link or another device to sign in again.",
                action: "\(path)/credentials/\(ConsolePaths.segment(credential.id))/revoke", button: "Revoke credential", cancel: path)
        }
        identity.post("credentials/:credential/revoke") { _, context in
            let (admin, _) = try acting(context)
            let (tenantID, realmID, identityID) = try context.identityPath()
            _ = try await admin.revokeCredential(tenantID, realmID, identityID, try context.id("credential"))
            return paths.redirect(ConsolePaths.noticed(ConsolePaths.identity(tenantID, realmID, identityID), .revoked))
        }
        identity.get("sessions/:session/revoke") { _, context in
            let (admin, console) = try acting(context)
            let (tenantID, realmID, identityID) = try context.identityPath()
            let session = try await admin.session(tenantID, realmID, identityID, try context.id("session"))
            let path = ConsolePaths.identity(tenantID, realmID, identityID)
            return confirmation(
                console, "End this session?",
                "The sign-in to \(session.clientID ?? session.applicationID) of \(ConsoleFormat.date(session.authTime)) ends now: its refresh token and access tokens stop working, and the application must sign the user in again.",
                action: "\(path)/sessions/\(ConsolePaths.segment(session.id))/revoke", button: "End session", cancel: path)
        }
        identity.post("sessions/:session/revoke") { _, context in
            let (admin, _) = try acting(context)
            let (tenantID, realmID, identityID) = try context.identityPath()
            _ = try await admin.revokeSession(tenantID, realmID, identityID, try context.id("session"))
            return paths.redirect(ConsolePaths.noticed(ConsolePaths.identity(tenantID, realmID, identityID), .revoked))
        }
    }
}
