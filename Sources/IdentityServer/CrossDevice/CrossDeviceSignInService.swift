import Foundation
import IdentityProtocol
import IdentityStorage

/// Cross-device sign-in: a browser that cannot hand a sign-in to the app shows a code (QR
/// code and URL); the app on another device fetches where the browser comes from, and
/// approves with its device key or declines; only the browser that started it, by its cookie,
/// then gets the authorization code. docs/protocol.md, "Cross-device sign-in", has the threat model.
struct CrossDeviceSignInService {
    let store: any IdentityStore
    let codes: CrossDeviceCodes
    let signals: ExtensionSignals
    /// Context lookups, approvals and declines, per network and in all.
    let requestLimiter: AttemptRateLimiter
    /// Starts per network.
    let startLimiter: AttemptRateLimiter
    let settings: ServerConfiguration.CrossDeviceSignIn
    let authentication: DeviceAuthenticationService
    let baseURL: PublicBaseURL
    let now: @Sendable () -> Date

    private var audit: AuditLog { authentication.audit }

    // MARK: The browser that starts it

    /// Starts a sign-in for a transaction `/authorize` sealed (``AuthorizationTransaction/crossDevice``
    /// set) for the browser whose cookie secret is `browserSecret`; returns its id.
    func start(
        _ reference: String, of transaction: AuthorizationTransaction, tenantID: String,
        origin: CrossDeviceSignInRecord.Origin, browserSecret: String
    ) async throws -> String {
        try await startLimiter.admit(clientAddress: origin.sourceIP)
        let id = Secrets.token()
        let requestHash = codes.lookupHash(forSignIn: id)
        let now = now()
        try await store.createCrossDeviceSignIn(CrossDeviceSignInRecord(
            id: id, requestHash: requestHash, browserHash: Secrets.hash(browserSecret), tenantID: tenantID,
            realmID: transaction.realmID, applicationID: transaction.applicationID, transaction: reference, origin: origin,
            createdAt: now, expiresAt: Date(timeIntervalSince1970: Double(transaction.expiresAt))))
        return id
    }

    /// The sign-in URL of `id` that the other device opens, and its code.
    func signInURL(of id: String) -> (url: String, code: String) {
        let code = codes.code(forSignIn: id)
        return (baseURL.value + CrossDeviceAPI.signInURL + "?" + FormEncoding.encode([(CrossDeviceAPI.requestParameter, code)]), code)
    }

    /// What the browser that started `id` sees now. Only that browser (its cookie's hash) sees
    /// anything; an approved sign-in is completed here, so its code goes to that browser alone.
    func browserView(of id: String, browserSecret: String?) async throws -> CrossDeviceBrowserView {
        let signIn = try await ownSignIn(id, browserSecret: browserSecret)
        guard let opened = authentication.seal.open(signIn.transaction, now: signIn.createdAt) else {
            throw ServerError(APIErrorCode.invalidTransaction, "this sign-in's transaction no longer opens; start again")
        }
        let application = try await store.application(id: signIn.applicationID)
        let appName = application?.displayName ?? "the application"
        switch signIn.state {
        case .pending where signIn.expiresAt <= now():
            return .ended(.expired, application: appName, back: try errorRedirect(opened.transaction, signIn, "the sign-in expired"))
        case .pending:
            return .waiting(
                signIn, code: codes.code(forSignIn: signIn.id), url: signInURL(of: signIn.id).url, application: appName,
                offerThisDevice: application?.signInDevices == .both)
        case .approved:
            return try await complete(signIn, opened)
        case .declined:
            return .ended(.declined, application: appName, back: try errorRedirect(opened.transaction, signIn, "the sign-in was declined"))
        case .expired:
            return .ended(.expired, application: appName, back: try errorRedirect(opened.transaction, signIn, "the sign-in expired"))
        case .completed:
            return .ended(.completed, application: appName, back: nil)
        }
    }

    /// The invoke URL that hands the sign-in `id` to the app on this device instead, where its
    /// application offers both; a transaction of its own (the cross-device one stays open).
    func thisDeviceURL(of id: String, browserSecret: String?) async throws -> String {
        let signIn = try await ownSignIn(id, browserSecret: browserSecret)
        guard let application = try await store.application(id: signIn.applicationID), application.signInDevices == .both,
              let opened = authentication.liveTransactionIfAny(signIn.transaction)
        else { throw ServerError.notFound("this sign-in cannot continue on this device") }
        var transaction = opened.transaction
        transaction.crossDevice = nil
        return try AuthorizationService.invokeURL(application, try authentication.seal.seal(transaction), baseURL: baseURL)
    }

    /// Waits (up to the poll timeout) until `id` is no longer pending; returns its state.
    /// Only the browser that started it may wait on it.
    func waitForDecision(of id: String, browserSecret: String?) async throws -> CrossDeviceState {
        _ = try await ownSignIn(id, browserSecret: browserSecret)
        let store = store
        let record = try await signals.read(id, waitingUpTo: settings.pollTimeout, until: { (signIn: CrossDeviceSignInRecord?) in
            signIn?.state != .pending
        }) { try await store.crossDeviceSignIn(id: id) }
        guard let record else { throw ServerError.notFound("no such sign-in") }
        return record.state == .pending && record.expiresAt <= now() ? .expired : CrossDeviceState(record.state)
    }

    /// The sign-in `id` if the browser with `browserSecret` started it; another browser's
    /// attempt is refused and audited.
    private func ownSignIn(_ id: String, browserSecret: String?) async throws -> CrossDeviceSignInRecord {
        guard let signIn = try await store.crossDeviceSignIn(id: id) else { throw ServerError.notFound("no such sign-in") }
        guard let browserSecret, Secrets.constantTimeEquals(Secrets.hash(browserSecret), signIn.browserHash) else {
            await audit.recordRefusal(
                "cross_device.refused", reason: "other_browser", of: signIn.id, tenantID: signIn.tenantID,
                realmID: signIn.realmID, subjectID: nil, detail: Self.originDetail(signIn))
            throw Self.otherBrowser
        }
        return signIn
    }


    private func complete(_ signIn: CrossDeviceSignInRecord, _ opened: TransactionSeal.Opened) async throws -> CrossDeviceBrowserView {
        guard let identityID = signIn.identityID, let credentialID = signIn.credentialID,
              let credential = try await store.credential(id: credentialID), credential.identityID == identityID,
              let realm = try await store.realm(id: signIn.realmID)
        else { throw ServerError(APIErrorCode.invalidTransaction, "the approving credential is gone") }
        let signer = DeviceAuthenticationService.Signer(
            credential: credential, realm: realm, issuer: baseURL.issuer(tenantID: realm.tenantID, realmID: realm.id))
        let grant = try authentication.codeGrant(for: opened, signedBy: signer)
        do {
            try await store.completeCrossDeviceSignIn(
                id: signIn.id, approvedSince: now().addingTimeInterval(-settings.continueWithin), now: grant.code.authTime,
                code: grant.code, audit: try authentication.signInEvent(grant, signer))
        } catch let error as StorageError where error == .notFound || error == .alreadyExists {
            let application = try await store.application(id: signIn.applicationID)?.displayName ?? "the application"
            return .ended(.expired, application: application, back: try errorRedirect(opened.transaction, signIn, "the sign-in expired"))
        }
        return .continueTo(grant.redirect)
    }

    /// The client's redirect with `access_denied` (RFC 6749 §4.1.2.1), for a sign-in that ended without approval.
    private func errorRedirect(_ transaction: AuthorizationTransaction, _ signIn: CrossDeviceSignInRecord, _ why: String) throws -> String {
        try AuthorizationRedirect.url(transaction.redirectURI, parameters: [
            ("error", OAuthErrorCode.accessDenied.rawValue), ("error_description", why), ("state", transaction.state),
            ("iss", baseURL.issuer(tenantID: signIn.tenantID, realmID: signIn.realmID)),
        ])
    }

    // MARK: The device that approves it

    /// The context of the sign-in a code names: application, origin, and the challenge to sign.
    func context(_ request: CrossDeviceRequest, clientAddress: String?) async throws -> CrossDeviceContext {
        let (signIn, _) = try await pending(request, clientAddress: clientAddress)
        let challenge = try await authentication.challenge(for: signIn.transaction)
        return CrossDeviceContext(
            challenge: challenge, applicationID: signIn.applicationID,
            origin: CrossDeviceOrigin(
                sourceIP: signIn.origin.sourceIP, userAgent: signIn.origin.userAgent, geolocation: signIn.origin.geolocation,
                referer: signIn.origin.referer),
            startedAt: signIn.createdAt, state: CrossDeviceState(signIn.state))
    }

    /// Approves the sign-in a code names with a signature by a credential of its realm.
    func approve(_ approval: CrossDeviceApproval, clientAddress: String?) async throws -> CrossDeviceOutcome {
        let (signIn, opened) = try await pending(CrossDeviceRequest(request: approval.request), clientAddress: clientAddress)
        let assertion = approval.assertion
        let signer: DeviceAuthenticationService.Signer
        do {
            guard assertion.transaction == signIn.transaction else { throw DeviceAuthenticationService.invalidTransaction }
            signer = try await authentication.verifiedSigner(assertion, of: opened.transaction)
        } catch let error as ServerError {
            await authentication.auditRefusal(error, of: assertion, in: opened.transaction)
            throw error
        }
        let decision = CrossDeviceSignInRecord.Decision.approved(
            identityID: signer.credential.identityID, credentialID: signer.credential.id)
        try await decide(signIn, decision, event: "cross_device.approved", subjectID: signer.credential.identityID, detail: [
            "credential_id": signer.credential.id,
        ])
        return CrossDeviceOutcome(state: .approved, message: "Approved. Continue on your other device.")
    }

    /// Declines the sign-in a code names.
    func decline(_ request: CrossDeviceRequest, clientAddress: String?) async throws -> CrossDeviceOutcome {
        let (signIn, _) = try await pending(request, clientAddress: clientAddress)
        try await decide(signIn, .declined, event: "cross_device.declined", subjectID: nil, detail: [:])
        return CrossDeviceOutcome(state: .declined, message: "Declined. Nobody was signed in.")
    }

    private func decide(
        _ signIn: CrossDeviceSignInRecord, _ decision: CrossDeviceSignInRecord.Decision, event: String, subjectID: String?,
        detail: [String: String]
    ) async throws {
        let record = try audit.event(
            event, tenantID: signIn.tenantID, realmID: signIn.realmID, subjectID: subjectID,
            detail: Self.originDetail(signIn).merging(detail) { $1 })
        do {
            _ = try await store.decideCrossDeviceSignIn(id: signIn.id, decision, at: now(), audit: record)
        } catch let error as StorageError where error == .notFound {
            throw Self.alreadyDecided
        }
        await signals.signal(signIn.id)
    }

    /// The sign-in a code names, still pending (counted against the limits first).
    private func pending(
        _ request: CrossDeviceRequest, clientAddress: String?
    ) async throws -> (CrossDeviceSignInRecord, TransactionSeal.Opened) {
        try await requestLimiter.admit(clientAddress: clientAddress)
        guard let hash = codes.hash(request.request), let signIn = try await store.crossDeviceSignIn(requestHash: hash) else {
            throw ServerError(APIErrorCode.invalidSignInCode, "no sign-in has this code; check it, or start again in the browser")
        }
        switch signIn.state {
        case .pending where signIn.expiresAt > now():
            guard let opened = authentication.liveTransactionIfAny(signIn.transaction) else { throw Self.expired }
            return (signIn, opened)
        case .pending, .expired: throw Self.expired
        case .approved, .declined, .completed: throw Self.alreadyDecided
        }
    }

    /// What an audit event of a decision says of where the browser was.
    static func originDetail(_ signIn: CrossDeviceSignInRecord) -> [String: String] {
        var detail = ["application_id": signIn.applicationID, "sign_in_id": signIn.id, "browser_ip": signIn.origin.sourceIP]
        detail["browser_user_agent"] = signIn.origin.userAgent
        detail["browser_geolocation"] = signIn.origin.geolocation
        return detail
    }

    private static let otherBrowser = ServerError(APIErrorCode.forbidden, "this sign-in was started in another browser")
    private static let expired = ServerError(APIErrorCode.signInExpired, "this sign-in has expired; start again in the browser")
    private static let alreadyDecided = ServerError(
        APIErrorCode.signInAlreadyDecided, "this sign-in was approved or declined already")
}
