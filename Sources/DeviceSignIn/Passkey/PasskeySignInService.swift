import Foundation
package import IdentityProtocol
import IdentityStorage
import IdentityServerCore
import OpenIDProvider
import Prometheus
import WebAuthn

/// Signing in with a passkey on the hosted sign-in page: options for the browser that started
/// the sign-in (its cookie), then its assertion, verified (WebAuthn Level 3 §7.2) against the
/// realm's passkey of that credential ID, which completes the sign-in with a code as an approval
/// from a device does.
package struct PasskeySignInService {
    package let signIns: CrossDeviceSignInService
    package let settings: PasskeySettings
    package let seal: PasskeyCeremonySeal

    package init(signIns: CrossDeviceSignInService, settings: PasskeySettings, seal: PasskeyCeremonySeal) {
        (self.signIns, self.settings, self.seal) = (signIns, settings, seal)
    }

    private var store: any DeviceSignInStore { signIns.store }
    private var audit: AuditLog { signIns.audit }
    private var now: @Sendable () -> Date { signIns.now }

    /// The options for a pending sign-in of the browser with `browserSecret`; nothing is written.
    package func options(of id: String, browserSecret: String?) async throws -> PasskeySignInOptions {
        let (signIn, party) = try await pendingSignIn(id, browserSecret: browserSecret)
        return try PasskeySignInOptions.start(.signIn, of: signIn.id, party: party, settings: settings, seal: seal, now: now())
    }

    /// Verifies the assertion and completes the sign-in; returns the client redirect with the code.
    /// A refusal is audited (`authentication.refused`) with its reason, a counter that did not
    /// rise as `sign_count` (a possibly cloned authenticator).
    package func signIn(of id: String, browserSecret: String?, _ request: PasskeySignInRequest) async throws -> PasskeySignedIn {
        let (signIn, party) = try await pendingSignIn(id, browserSecret: browserSecret)
        guard let ceremony = seal.open(request.ceremony, now: now()), ceremony.isFor(.signIn, of: signIn.id) else {
            throw ServerError.invalidRequest("the passkey request is not this sign-in's or has expired: start again")
        }
        let accepted: PasskeyAssertionCheck.Accepted
        do {
            accepted = try await PasskeyAssertionCheck(store: store).check(
                request.credential, realmID: signIn.realmID, party: party, challenge: ceremony.challenge)
        } catch let refusal as PasskeyAssertionCheck.Refusal {
            await refuse(signIn, refusal.reason, subject: refusal.subject)
            throw refusal.error
        }
        return PasskeySignedIn(redirect: try await complete(signIn, accepted))
    }

    /// Mints the code and completes the sign-in with the passkey's new counter, in one transaction.
    private func complete(_ signIn: CrossDeviceSignInRecord, _ accepted: PasskeyAssertionCheck.Accepted) async throws -> String {
        let (credential, passkey, verified) = (accepted.credential, accepted.passkey, accepted.verified)
        let opened = try signIns.stored(signIn)
        let issuer = signIns.baseURL.issuer(tenantID: signIn.tenantID, realmID: signIn.realmID)
        // What the application asked for (acr_values, or acr in claims) is required, as on every way in.
        guard let assurance = AssurancePolicy.settle(Self.assurance(passkey, verified), requested: opened.transaction.acrValues) else {
            await refuse(signIn, "unmet_assurance", subject: credential.identityID)
            throw ServerError(
                APIErrorCode.unmetAuthenticationRequirements,
                "the application asks for a stronger sign-in than this passkey gives: use the app instead")
        }
        let authentication = signIns.authentication
        let grant = try authentication.codeGrant(
            for: opened, identityID: credential.identityID, credentialID: credential.id, issuer: issuer, assurance: assurance,
            authenticatedAt: now())
        let event = try audit.event(
            "authentication.succeeded", tenantID: signIn.tenantID, realmID: signIn.realmID, subjectID: credential.identityID,
            detail: [
                "credential_id": credential.id, "application_id": grant.code.applicationID, "sign_in_id": signIn.id, "via": "passkey",
                "amr": assurance.methods.joined(separator: " "), "acr": assurance.level,
            ])
        do {
            try await store.completePasskeySignIn(
                signInID: signIn.id, credentialID: credential.id, expectedSignCount: passkey.signCount, signCount: verified.signCount,
                backedUp: verified.flags.contains(.backedUp), now: now(), code: grant.code, audit: event)
        } catch let error as StorageError where error == .notFound || error == .alreadyExists {
            throw ServerError(APIErrorCode.invalidTransaction, "this sign-in was completed or ended meanwhile")
        }
        authentication.metrics.authenticationsSucceeded.increment()
        return grant.redirect
    }

    /// What a passkey sign-in proved (docs/protocol.md, "Assurance"): a key (`hwk` only where
    /// trusted attestation proved hardware and the passkey cannot be synced, else `swk`), the
    /// user's presence (`user`), and with user verification a second factor (`mfa`); `phrh` only
    /// with all three of those, else `phr` (a passkey is bound to its origin: phishing-resistant).
    static func assurance(_ passkey: PasskeyRecord, _ verified: VerifiedAssertion) -> SignInAssurance {
        let hardware = passkey.attestationTrusted && !passkey.backupEligible
        let verifiedUser = verified.flags.contains(.userVerified)
        return SignInAssurance(
            methods: [hardware ? "hwk" : "swk", "user"] + (verifiedUser ? ["mfa"] : []),
            level: hardware && verifiedUser ? "phrh" : "phr")
    }

    /// The browser's own sign-in `id`, pending, of an application that offers passkeys, and its
    /// realm's relying party.
    private func pendingSignIn(_ id: String, browserSecret: String?) async throws -> (CrossDeviceSignInRecord, RelyingParty) {
        let signIn = try await signIns.ownSignIn(id, browserSecret: browserSecret)
        guard signIn.state == .pending, signIn.expiresAt > now() else {
            throw ServerError(APIErrorCode.invalidTransaction, "this sign-in has ended: start again from the application")
        }
        guard try await store.application(id: signIn.applicationID)?.offers(.passkey) == true else {
            throw ServerError(APIErrorCode.forbidden, "this application does not offer sign-in with a passkey")
        }
        guard let realm = try await store.realm(id: signIn.realmID) else { throw ServerError.notFound("no such sign-in") }
        return (signIn, PasskeySettings.relyingParty(for: signIns.baseURL, policy: realm.passkeyPolicy))
    }

    private func refuse(_ signIn: CrossDeviceSignInRecord, _ reason: String, subject: String?) async {
        await audit.recordRefusal(
            "authentication.refused", reason: reason, of: signIn.id, tenantID: signIn.tenantID, realmID: signIn.realmID,
            subjectID: subject, detail: ["sign_in_id": signIn.id, "via": "passkey"])
    }
}
