package import Foundation
package import IdentityProtocol
import IdentityStorage
package import Logging
package import IdentityServerCore
package import RealmKeys
import OpenIDProvider

/// Email one-time codes: a device without a credential (a lost or new phone) signs in to a
/// pending sign-in with a code mailed to the identity, and may then bind a new credential
/// without an administrator. docs/protocol.md, "Email one-time codes", has the rules.
package struct EmailCodeService {
    package let store: any DeviceSignInStore
    package let codes: DigitCodes
    package let authentication: DeviceAuthenticationService
    package let mail: any MailTransport
    package let mailFrom: String?
    package let settings: EmailCodeSettings
    /// Requests and redemptions per network.
    package let networkLimiter: AttemptRateLimiter
    /// Codes sent per recipient address and requesting network (per day).
    package let recipientLimiter: AttemptRateLimiter
    /// Codes sent per recipient address from all networks (per day).
    package let allNetworksRecipientLimiter: AttemptRateLimiter
    package let baseURL: PublicBaseURL
    package let logger: Logger
    package let now: @Sendable () -> Date

    private var audit: AuditLog { authentication.audit }

    /// Mails a code for the pending sign-in `request.transaction` to `request.email` if it is an
    /// identity's of the realm, and answers the same either way: where to continue. The
    /// challenge keeps the sign-in's transaction, which lives on as long as the code does (it
    /// is opened as of the challenge's start).
    package func begin(_ request: EmailCodeRequest, clientAddress: String?) async throws -> EmailCodeChallenge {
        try await networkLimiter.admit(clientAddress: clientAddress)
        guard let opened = authentication.liveTransactionIfAny(request.transaction), opened.transaction.crossDevice != true,
              let application = try await store.application(id: opened.transaction.applicationID),
              let realm = try await store.realm(id: opened.transaction.realmID)
        else { throw DeviceAuthenticationService.invalidTransaction }
        guard application.offers(.emailCode) else {
            throw ServerError(APIErrorCode.emailCodesNotOffered, "this application does not offer sign-in with an emailed code")
        }
        guard AssurancePolicy.settle(AssurancePolicy.emailCode, requested: opened.transaction.acrValues) != nil else {
            throw ServerError(
                APIErrorCode.unmetAuthenticationRequirements,
                "the application asked for more assurance than an emailed code gives: sign in with a device key")
        }
        let email = request.email.trimmingCharacters(in: .whitespaces).lowercased()
        guard !email.isEmpty, email.utf8.count <= 254, !email.contains(where: { $0.isNewline }) else {
            throw ServerError.invalidRequest("email must be an address")
        }
        try await admitCode(for: email, from: clientAddress)
        let identity = try await store.identity(realmID: realm.id, email: email).flatMap { $0.status == .active ? $0 : nil }
        let now = now()
        let code = codes.random()
        let challenge = EmailCodeChallengeRecord(
            id: Secrets.token(), codeHash: codes.hash(code), transaction: request.transaction,
            tenantID: realm.tenantID, realmID: realm.id, applicationID: application.id, identityID: identity?.id,
            attemptsLeft: settings.attempts, createdAt: now, expiresAt: now.addingTimeInterval(settings.lifetime))
        try await store.createEmailCodeChallenge(challenge)
        try await audit.record(
            "email_code.requested", tenantID: realm.tenantID, realmID: realm.id, subjectID: identity?.id,
            detail: ["application_id": application.id, "challenge_id": challenge.id, "recipient_known": identity == nil ? "false" : "true"])
        if let identity, let address = identity.email {
            send(code, to: address, application: application.displayName)
        }
        return try continuation(challenge, invokeURL: application.invokeURL)
    }

    /// Counts a code for `email` asked from `clientAddress`: against the address's allowance for
    /// that network, then (only if that let it through) against the address's allowance from all
    /// networks, in one call. A stranger's network spends its own allowance, not the user's; the
    /// second bounds the mail and the guesses, at the price that several networks together can
    /// still spend it (docs/protocol.md, "Email one-time codes").
    private func admitCode(for email: String, from clientAddress: String?) async throws {
        let network = clientAddress.map(AttemptRateLimiter.network(of:)) ?? "unknown"
        let own = recipientLimiter.attempt(from: "\(email) from \(network)")
        let all = allNetworksRecipientLimiter.attempt(from: email)
        let attempt = AttemptCount(buckets: own.buckets + all.buckets, windowStart: own.windowStart, expiresAt: own.expiresAt)
        if let refused = try await store.recordAttempt(attempt) {
            throw (all.buckets.contains(refused) ? allNetworksRecipientLimiter : recipientLimiter).refusal(refused, of: attempt)
        }
    }

    /// Redeems a code: the right one completes the sign-in (and, when asked and the
    /// application allows, gives a token that binds a new credential); a wrong one spends an
    /// attempt and answers where to try again.
    package func redeem(_ redemption: EmailCodeRedemption, clientAddress: String?) async throws -> EmailCodeOutcome {
        try await networkLimiter.admit(clientAddress: clientAddress)
        guard let challenge = try await store.emailCodeChallenge(id: redemption.challenge) else { throw Self.invalidChallenge }
        guard challenge.expiresAt > now() else { throw Self.expired }
        // Every try spends an attempt before the code is compared (atomically: concurrent tries
        // cannot compare more codes than the challenge allows); the right one is redeemed after.
        guard challenge.redeemedAt == nil, let spent = try await store.spendEmailCodeAttempt(id: challenge.id, now: now()) else {
            throw Self.invalidChallenge
        }
        guard let identityID = challenge.identityID, codes.isWellFormed(redemption.code),
              Secrets.constantTimeEquals(codes.hash(redemption.code), challenge.codeHash)
        else {
            await audit.recordRefusal(
                "email_code.refused", reason: "wrong_code", of: challenge.id, tenantID: challenge.tenantID,
                realmID: challenge.realmID, subjectID: challenge.identityID, detail: ["application_id": challenge.applicationID])
            guard spent.attemptsLeft > 0 else { throw Self.invalidChallenge }
            let application = try await store.application(id: challenge.applicationID)
            return EmailCodeOutcome(outcome: .failed, challenge: try continuation(spent, invokeURL: application?.invokeURL ?? ""))
        }
        return try await signIn(identityID, with: challenge, bindingDevice: redemption.bindDevice == true)
    }

    private func signIn(_ identityID: String, with challenge: EmailCodeChallengeRecord, bindingDevice: Bool) async throws -> EmailCodeOutcome {
        guard let opened = authentication.seal.open(challenge.transaction, now: challenge.createdAt),
              let application = try await store.application(id: challenge.applicationID),
              try await store.identity(id: identityID)?.status == .active
        else { throw Self.invalidChallenge }
        let issuer = baseURL.issuer(tenantID: challenge.tenantID, realmID: challenge.realmID)
        guard let assurance = AssurancePolicy.settle(AssurancePolicy.emailCode, requested: opened.transaction.acrValues) else {
            throw DeviceAuthenticationService.unmetAssurance
        }
        let now = now()
        let grant = try authentication.codeGrant(
            for: opened, identityID: identityID, credentialID: nil, issuer: issuer, assurance: assurance, authenticatedAt: now)
        var events = [try audit.event(
            "authentication.succeeded", tenantID: challenge.tenantID, realmID: challenge.realmID, subjectID: identityID,
            detail: ["application_id": application.id, "via": "email_code", "challenge_id": challenge.id, "amr": "otp", "acr": assurance.level])]
        var binding: (job: BindingJobRecord, token: String)?
        if bindingDevice, application.emailCodeBinding {
            let token = Secrets.token()
            let job = BindingJobRecord(
                id: Secrets.identifier(), tenantID: challenge.tenantID, realmID: challenge.realmID, identityID: identityID,
                kind: .registration, delivery: .return, tokenHash: Secrets.hash(token), postBindingRedirectURI: nil,
                status: .pending, expiresAt: now.addingTimeInterval(settings.lifetime), createdAt: now,
                completedAt: nil, credentialID: nil)
            binding = (job, token)
            events.append(try audit.event(
                "binding_job.created", tenantID: challenge.tenantID, realmID: challenge.realmID, subjectID: identityID,
                detail: ["binding_job_id": job.id, "via": "email_code", "challenge_id": challenge.id]))
        }
        do {
            try await store.redeemEmailCodeChallenge(id: challenge.id, now: now, code: grant.code, bindingJob: binding?.job, audit: events)
        } catch let error as StorageError where error == .notFound || error == .alreadyExists {
            throw Self.invalidChallenge
        }
        return EmailCodeOutcome(outcome: .succeeded, redirectURI: grant.redirect, passkeyBindingToken: binding?.token)
    }

    /// Sends the code without making the answer wait for the relay.
    private func send(_ code: String, to address: String, application: String) {
        let minutes = String(Int(settings.lifetime / 60))
        func fill(_ text: String) -> String {
            text.replacingOccurrences(of: "{application}", with: application).replacingOccurrences(of: "{code}", with: code)
                .replacingOccurrences(of: "{minutes}", with: minutes)
        }
        let message = MailMessage(
            from: MailMessage.sender(configured: mailFrom, baseURL: baseURL.value), to: address,
            subject: fill(settings.subject).filter { !$0.isNewline }, body: fill(settings.body))
        mail.sendInBackground(message, logger: logger, failure: "email code not sent")
    }

    /// Where the device continues: the invoke URL with the challenge.
    private func continuation(_ challenge: EmailCodeChallengeRecord, invokeURL: String) throws -> EmailCodeChallenge {
        let url = try AuthorizationRedirect.url(invokeURL, parameters: [
            (DeviceURLParameter.transaction, challenge.transaction), (DeviceURLParameter.apiBaseURL, baseURL.value),
            (EmailCodeAPI.challengeParameter, challenge.id),
        ])
        return EmailCodeChallenge(url: url, challenge: challenge.id, expiresAt: challenge.expiresAt, attemptsLeft: challenge.attemptsLeft)
    }

    private static let invalidChallenge = ServerError(
        APIErrorCode.invalidEmailCodeChallenge, "this code was used, has had too many wrong tries, or was never sent: ask for a new one")
    private static let expired = ServerError(APIErrorCode.emailCodeExpired, "this code has expired: ask for a new one")
}
