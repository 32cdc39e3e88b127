import Foundation
package import IdentityProtocol
package import IdentityStorage
import IdentityServerCore
import OpenIDProvider

/// The side of the browser that started a cross-device sign-in: its page, its long poll, the
/// confirmation that releases the code, and the hand-over to the app on the same device. Only
/// that browser (the hash of its cookie's secret) gets anything.
extension CrossDeviceSignInService {
    /// The sign-in URL of `id` that the other device opens, and its code.
    package func signInURL(of id: String) -> (url: String, code: String) {
        let code = codes.code(forSignIn: id)
        return (baseURL.value + CrossDeviceAPI.signInURL + "?" + FormEncoding.encode([(CrossDeviceAPI.requestParameter, code)]), code)
    }

    /// What the browser that started `id` sees now. An approved sign-in asks the browser to
    /// continue as the identity that approved (``continueSignIn(of:browserSecret:)``): a
    /// stranger who saw the code and approved with their own credential is named, not signed in.
    package func browserView(of id: String, browserSecret: String?) async throws -> CrossDeviceBrowserView {
        let signIn = try await ownSignIn(id, browserSecret: browserSecret)
        return try await view(of: signIn, try stored(signIn), try await store.application(id: signIn.applicationID))
    }

    /// What the browser sees of `signIn`, whose transaction and application the caller already has.
    private func view(
        of signIn: CrossDeviceSignInRecord, _ opened: TransactionSeal.Opened, _ application: ApplicationRecord?
    ) async throws -> CrossDeviceBrowserView {
        let appName = application?.displayName ?? "the application"
        switch signIn.state {
        case .pending where signIn.expiresAt <= now(), .expired:
            return .ended(.expired, application: appName, back: try errorRedirect(opened.transaction, signIn, "the sign-in expired"))
        case .pending:
            let (url, code) = signInURL(of: signIn.id)
            let organisation = try await store.realm(id: signIn.realmID)?.displayName ?? appName
            return .waiting(
                signIn, code: code, url: url, application: appName, organisation: organisation, offers: application?.signInMethods ?? [])
        case .approved where isContinuable(signIn):
            var identity: IdentityRecord?
            if let identityID = signIn.identityID { identity = try await store.identity(id: identityID) }
            return .confirm(
                application: appName, identity: identity?.displayName ?? identity?.username ?? "someone",
                redirectOrigin: BrowserOrigin.origin(opened.transaction.redirectURI))
        case .approved:
            return .ended(.expired, application: appName, back: try errorRedirect(opened.transaction, signIn, "the sign-in expired"))
        case .declined:
            return .ended(.declined, application: appName, back: try errorRedirect(opened.transaction, signIn, "the sign-in was declined"))
        case .completed:
            return .ended(.completed, application: appName, back: nil)
        }
    }

    /// Completes an approved sign-in for the browser that started it, once it confirmed the
    /// identity: the code is minted now, with the sign-in's approval as its `auth_time`, in the
    /// transaction that marks it completed. The credential must still be active.
    package func continueSignIn(of id: String, browserSecret: String?) async throws -> CrossDeviceBrowserView {
        let signIn = try await ownSignIn(id, browserSecret: browserSecret)
        let opened = try stored(signIn)
        let application = try await store.application(id: signIn.applicationID)
        guard signIn.state == .approved, isContinuable(signIn), let identityID = signIn.identityID,
              let credentialID = signIn.credentialID, let assurance = signIn.assurance, let approvedAt = signIn.decidedAt
        else { return try await view(of: signIn, opened, application) }
        let checks = DeviceChecks(store: store, keyring: authentication.keyring, now: now)
        let signer: DeviceAuthenticationService.Signer
        do {
            let (credential, identityStatus) = try await checks.activeCredentialWithIdentityStatus(credentialID, realmID: signIn.realmID)
            try DeviceChecks.requireActive(identityStatus)
            guard credential.identityID == identityID, let realm = try await store.realm(id: signIn.realmID) else {
                throw DeviceAuthenticationService.invalidTransaction
            }
            signer = .init(credential: credential, realm: realm, issuer: baseURL.issuer(tenantID: realm.tenantID, realmID: realm.id))
        } catch let error as ServerError {
            await audit.recordRefusal(
                "cross_device.refused", reason: error.code.wire, of: signIn.id, tenantID: signIn.tenantID, realmID: signIn.realmID,
                subjectID: identityID, detail: Self.originDetail(signIn))
            return .ended(
                .declined, application: application?.displayName ?? "the application",
                back: try errorRedirect(opened.transaction, signIn, error.description))
        }
        let grant = try authentication.codeGrant(for: opened, signedBy: signer, assurance: assurance, authenticatedAt: approvedAt)
        do {
            try await store.completeCrossDeviceSignIn(
                id: signIn.id, approvedSince: now().addingTimeInterval(-settings.continueWithin), now: now(), code: grant.code,
                audit: try authentication.signInEvent(grant, signer, detail: ["sign_in_id": signIn.id, "via": "cross_device"]))
        } catch let error as StorageError where error == .notFound || error == .alreadyExists {
            // Another tab came first, or it lapsed: the sign-in as it stands now.
            guard let current = try await store.crossDeviceSignIn(id: signIn.id) else { throw ServerError.notFound("no such sign-in") }
            return try await view(of: current, opened, application)
        }
        return .continueTo(grant.redirect)
    }

    /// The browser's "not me" (or its cancel while waiting): a pending or approved sign-in ends
    /// declined, audited, nobody is signed in, and the page says the user cancelled it.
    package func cancelSignIn(of id: String, browserSecret: String?) async throws -> CrossDeviceBrowserView {
        let signIn = try await ownSignIn(id, browserSecret: browserSecret)
        guard signIn.state == .approved || signIn.state == .pending else { return try await browserView(of: id, browserSecret: browserSecret) }
        do {
            try await decide(
                signIn, .declined, from: signIn.state, event: "cross_device.cancelled", subjectID: signIn.identityID,
                detail: ["by": "browser"])
        } catch {
            return try await browserView(of: id, browserSecret: browserSecret)
        }
        let application = try await store.application(id: signIn.applicationID)
        return .ended(
            .cancelled, application: application?.displayName ?? "the application",
            back: try errorRedirect(try stored(signIn).transaction, signIn, "the sign-in was cancelled"))
    }

    /// The invoke URL that hands a pending sign-in to the app on this device instead, where
    /// its application offers both. The transaction is sealed anew, but it is the same
    /// authorization request (``TransactionSeal/Opened/id``): one code in all, whichever path.
    package func thisDeviceURL(of id: String, browserSecret: String?) async throws -> String {
        let signIn = try await ownSignIn(id, browserSecret: browserSecret)
        guard signIn.state == .pending, let application = try await store.application(id: signIn.applicationID),
              application.offers(.sameDevice), let opened = authentication.liveTransactionIfAny(signIn.transaction)
        else { throw ServerError.notFound("this sign-in cannot continue on this device") }
        var transaction = opened.transaction
        transaction.crossDevice = nil
        return try AuthorizationService.invokeURL(application, try authentication.seal.seal(transaction), baseURL: baseURL)
    }

    /// Waits (up to the poll timeout) until `id` is no longer pending; returns its state. Only
    /// the browser that started it may wait, and only twice at once (a third poll is answered
    /// at once), so one sign-in cannot hold many connections.
    package func waitForDecision(of id: String, browserSecret: String?) async throws -> CrossDeviceState {
        let signIn = try await ownSignIn(id, browserSecret: browserSecret)
        let store = store
        let record: CrossDeviceSignInRecord? = await signals.waiters(on: id) >= 2 ? signIn : try await signals.read(
            id, waitingUpTo: settings.pollTimeout, until: { (signIn: CrossDeviceSignInRecord?) in signIn?.state != .pending }
        ) { try await store.crossDeviceSignIn(id: id) }
        guard let record else { throw ServerError.notFound("no such sign-in") }
        return record.state == .pending && record.expiresAt <= now() ? .expired : CrossDeviceState(record.state)
    }

    /// The sign-in `id` if the browser with `browserSecret` started it; another browser's
    /// attempt is refused and audited.
    package func ownSignIn(_ id: String, browserSecret: String?) async throws -> CrossDeviceSignInRecord {
        guard let signIn = try await store.crossDeviceSignIn(id: id) else { throw ServerError.notFound("no such sign-in") }
        guard let browserSecret, Secrets.constantTimeEquals(Secrets.hash(browserSecret), signIn.browserHash) else {
            await audit.recordRefusal(
                "cross_device.refused", reason: "other_browser", of: signIn.id, tenantID: signIn.tenantID,
                realmID: signIn.realmID, subjectID: nil, detail: Self.originDetail(signIn))
            throw Self.otherBrowser
        }
        return signIn
    }

    /// Whether an approved sign-in may still be continued.
    private func isContinuable(_ signIn: CrossDeviceSignInRecord) -> Bool {
        (signIn.decidedAt?.addingTimeInterval(settings.continueWithin)).map { $0 > now() } ?? false
    }

    /// The stored transaction (opened as of the sign-in's start: its lapse is the sign-in's to judge).
    func stored(_ signIn: CrossDeviceSignInRecord) throws -> TransactionSeal.Opened {
        guard let opened = authentication.seal.open(signIn.transaction, now: signIn.createdAt) else {
            throw ServerError(APIErrorCode.invalidTransaction, "this sign-in's transaction no longer opens; start again")
        }
        return opened
    }

    /// The client's redirect with `access_denied` (RFC 6749 §4.1.2.1), for a sign-in that ended without approval.
    private func errorRedirect(_ transaction: AuthorizationTransaction, _ signIn: CrossDeviceSignInRecord, _ why: String) throws -> String {
        try AuthorizationRedirect.error(
            OAuthErrorCode.accessDenied.rawValue, why, to: transaction.redirectURI, state: transaction.state,
            issuer: baseURL.issuer(tenantID: signIn.tenantID, realmID: signIn.realmID))
    }
}
