package import Foundation
package import IdentityProtocol
package import IdentityStorage
package import IdentityServerCore
package import OpenIDProvider

/// Cross-device sign-in: a browser that cannot hand a sign-in to the app shows a code (QR
/// code and URL); the app on another device fetches where the browser comes from, and
/// approves with its device key or declines; only the browser that started it, by its cookie,
/// then gets the authorization code. docs/protocol.md, "Cross-device sign-in", has the threat model.
package struct CrossDeviceSignInService {
    package let store: any DeviceSignInStore
    package let codes: CrossDeviceCodes
    package let signals: ExtensionSignals
    /// Context lookups, approvals and declines, per network and in all.
    package let requestLimiter: AttemptRateLimiter
    /// Starts per network.
    package let startLimiter: AttemptRateLimiter
    package let settings: CrossDeviceSettings
    package let authentication: DeviceAuthenticationService
    package let baseURL: PublicBaseURL
    package let now: @Sendable () -> Date

    package var audit: AuditLog { authentication.audit }

    // MARK: The browser that starts it

    /// Starts a sign-in for a transaction `/authorize` sealed (``AuthorizationTransaction/crossDevice``
    /// set) for the browser whose cookie secret is `browserSecret`; returns its id.
    package func start(
        _ reference: String, of transaction: AuthorizationTransaction, tenantID: String,
        origin: CrossDeviceSignInRecord.Origin, browserSecret: String
    ) async throws -> String {
        try await startLimiter.admit(clientAddress: origin.sourceIP)
        for attempt in 1... {
            let id = Secrets.token()
            do {
                try await store.createCrossDeviceSignIn(CrossDeviceSignInRecord(
                    id: id, requestHash: codes.lookupHash(forSignIn: id), browserHash: Secrets.hash(browserSecret),
                    tenantID: tenantID, realmID: transaction.realmID, applicationID: transaction.applicationID,
                    transaction: reference, origin: origin, createdAt: now(),
                    expiresAt: Date(timeIntervalSince1970: Double(transaction.expiresAt))))
                return id
            } catch let error as StorageError where error == .alreadyExists && attempt < 3 {
                continue  // another stored sign-in has the same code (1 in 20⁸ per stored one): draw again
            }
        }
        preconditionFailure("unreachable: the last attempt returns or throws")
    }

    // MARK: The device that approves it

    /// The context of the sign-in a code names: application, origin, and the challenge to sign.
    package func context(_ request: CrossDeviceRequest, clientAddress: String?) async throws -> CrossDeviceContext {
        let (signIn, opened) = try await pending(request, clientAddress: clientAddress)
        let challenge = try await authentication.challenge(for: signIn.transaction, of: opened.transaction)
        return CrossDeviceContext(
            challenge: challenge, applicationID: signIn.applicationID,
            origin: CrossDeviceOrigin(
                sourceIP: signIn.origin.sourceIP, userAgent: signIn.origin.userAgent, geolocation: signIn.origin.geolocation,
                referer: signIn.origin.referer),
            startedAt: signIn.createdAt, state: CrossDeviceState(signIn.state))
    }

    /// Approves the sign-in a code names with a signature by a credential of its realm.
    package func approve(_ approval: CrossDeviceApproval, clientAddress: String?) async throws -> CrossDeviceOutcome {
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
        guard let assurance = AssurancePolicy.settle(
            AssurancePolicy.deviceKey(reported: assertion.amr), requested: opened.transaction.acrValues)
        else {
            await authentication.auditRefusal(DeviceAuthenticationService.unmetAssurance, of: assertion, in: opened.transaction)
            throw DeviceAuthenticationService.unmetAssurance
        }
        let decision = CrossDeviceSignInRecord.Decision.approved(
            identityID: signer.credential.identityID, credentialID: signer.credential.id, assurance: assurance)
        try await decide(signIn, decision, event: "cross_device.approved", subjectID: signer.credential.identityID, detail: [
            "credential_id": signer.credential.id, "device_ip": clientAddress ?? "unknown",
        ])
        return CrossDeviceOutcome(state: .approved, message: "Approved. Continue on your other device.")
    }

    /// Declines the sign-in a code names.
    package func decline(_ request: CrossDeviceRequest, clientAddress: String?) async throws -> CrossDeviceOutcome {
        let (signIn, _) = try await pending(request, clientAddress: clientAddress)
        try await decide(signIn, .declined, event: "cross_device.declined", subjectID: nil, detail: ["device_ip": clientAddress ?? "unknown"])
        return CrossDeviceOutcome(state: .declined, message: "Declined. Nobody was signed in.")
    }

    /// Records `decision` on a sign-in in state `from` (pending, or approved for the browser's
    /// own cancel) with its audit event, and wakes its page.
    package func decide(
        _ signIn: CrossDeviceSignInRecord, _ decision: CrossDeviceSignInRecord.Decision, from state: CrossDeviceSignInRecord.State = .pending,
        event: String, subjectID: String?, detail: [String: String]
    ) async throws {
        let record = try audit.event(
            event, tenantID: signIn.tenantID, realmID: signIn.realmID, subjectID: subjectID,
            detail: Self.originDetail(signIn).merging(detail) { $1 })
        do {
            _ = try await store.decideCrossDeviceSignIn(id: signIn.id, decision, from: state, at: now(), audit: record)
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
            // An application that stopped offering the app on another device takes no approval.
            guard try await store.application(id: signIn.applicationID)?.offers(.crossDevice) == true else {
                throw ServerError(APIErrorCode.invalidSignInCode, "this sign-in cannot be approved on another device")
            }
            return (signIn, opened)
        case .pending, .expired: throw Self.expired
        case .approved, .declined, .completed: throw Self.alreadyDecided
        }
    }

    /// What an audit event of a decision says of where the browser was.
    package static func originDetail(_ signIn: CrossDeviceSignInRecord) -> [String: String] {
        var detail = ["application_id": signIn.applicationID, "sign_in_id": signIn.id, "browser_ip": signIn.origin.sourceIP]
        detail["browser_user_agent"] = signIn.origin.userAgent
        detail["browser_geolocation"] = signIn.origin.geolocation
        return detail
    }

    package static let otherBrowser = ServerError(APIErrorCode.forbidden, "this sign-in was started in another browser")
    package static let expired = ServerError(APIErrorCode.signInExpired, "this sign-in has expired; start again in the browser")
    private static let alreadyDecided = ServerError(
        APIErrorCode.signInAlreadyDecided, "this sign-in was approved or declined already")
}
