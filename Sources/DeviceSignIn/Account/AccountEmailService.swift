package import Foundation
import IdentityProtocol
package import IdentityStorage
package import IdentityServerCore

/// A person's change of their own email address on the account page: asked after a fresh
/// proof, it takes effect when the link mailed to the new address is followed; the former
/// address is told, with a link that cancels the change (and undoes it once made) for a week.
/// An identity SCIM provisions keeps the address its directory gives it.
package struct AccountEmailService {
    /// How long the link to the new address works.
    package static let confirmWithin: TimeInterval = 24 * 3600
    /// How long the former address's link cancels the change.
    package static let cancelWithin: TimeInterval = 7 * 86_400
    /// Changes one identity may ask for in an hour (each mails two addresses).
    package static let changesPerIdentityPerHour = 5

    /// What a link in one of the change's mails does.
    package enum Link: Sendable, Equatable {
        case confirm
        case cancel
    }

    package let store: any DeviceSignInStore & AccountSessionStore & EmailChangeStore
    package let mail: AccountMail
    package let audit: AuditLog
    package let now: @Sendable () -> Date
    /// Limits the changes an identity asks for (``changesPerIdentityPerHour``).
    private let limiter: AttemptRateLimiter

    package init(
        store: any DeviceSignInStore & AccountSessionStore & EmailChangeStore, mail: AccountMail, audit: AuditLog,
        now: @escaping @Sendable () -> Date
    ) {
        (self.store, self.mail, self.audit, self.now) = (store, mail, audit, now)
        limiter = AttemptRateLimiter(
            store: store, perAddressPerMinute: Self.changesPerIdentityPerHour, globalPerMinute: nil, now: now,
            bucket: "email_change", attempts: "email changes", source: "for this account", window: 3600)
    }

    /// Whether the identity may change its address here (not when SCIM provisions it).
    package func isChangeable(_ session: AccountSessionRecord) async throws -> Bool {
        try await !store.isProvisioned(identityID: session.identityID)
    }

    /// The identity's change waiting for its link to be followed, if any.
    package func pending(_ session: AccountSessionRecord) async throws -> EmailChangeRecord? {
        try await store.pendingEmailChange(identityID: session.identityID, at: now())
    }

    /// Asks to change the session's identity's address to `typed`, after a fresh proof: mails
    /// the link that confirms it to the new address and a notice with the link that cancels it
    /// to the former one; audited (`account.email_change_requested`). The address stays as it
    /// is until the link is followed. `400` for an address that is not one, or is the current
    /// one; `403` for an identity SCIM provisions.
    package func request(
        _ typed: String?, of session: AccountSessionRecord, realm: RealmRecord, from browser: RequestSource
    ) async throws -> EmailChangeRecord {
        try AccountService.requireFreshProof(session, now: now())
        let email = (typed ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !email.isEmpty, email.utf8.count <= 254, let address = try InputRules.email(email) else {
            throw ServerError.invalidRequest("type the new address as local@domain, without spaces")
        }
        guard let identity = try await store.identity(id: session.identityID) else { throw ServerError.notFound("no such identity") }
        guard address.lowercased() != identity.email?.lowercased() else {
            throw ServerError.invalidRequest("that is your address already")
        }
        guard try await isChangeable(session) else { throw Self.provisioned }
        try await limiter.admit(clientAddress: session.identityID)
        let (confirm, cancel, now) = (Secrets.token(), Secrets.token(), now())
        let change = EmailChangeRecord(
            id: Secrets.identifier(), tenantID: session.tenantID, realmID: session.realmID, identityID: identity.id,
            formerEmail: identity.email, newEmail: address, confirmHash: Secrets.hash(confirm), cancelHash: Secrets.hash(cancel),
            createdAt: now, confirmBy: now.addingTimeInterval(Self.confirmWithin), expiresAt: now.addingTimeInterval(Self.cancelWithin))
        let event = try audit.event(
            "account.email_change_requested", tenantID: session.tenantID, realmID: session.realmID, subjectID: identity.id,
            detail: AccountService.seen(["by": "account", "account_session_id": session.id, "email_change_id": change.id], browser))
        try await store.requestEmailChange(change, at: now, audit: event)
        let page = mail.baseURL.issuer(tenantID: realm.tenantID, realmID: realm.id) + "/account"
        mail.send(to: address, subject: "Confirm your new email address for \(realm.displayName)", body: """
            Someone signed in to your account at \(realm.displayName) (\(identity.username)) asked to use this address.

            To use it, open this link within 24 hours and confirm:
            \(page)/email/confirm?token=\(confirm)

            If it was not you, ignore this mail: nothing changes.
            """)
        if let former = identity.email {
            mail.send(to: former, subject: "Your email address for \(realm.displayName) is changing", body: """
                Someone signed in to your account at \(realm.displayName) (\(identity.username)) asked to change its email address from this one to \(address).

                It changes when the link sent to the new address is followed. If you did not ask for this, open this link within 7 days to cancel the change (or undo it, with any change made after it) and sign your account page out everywhere:
                \(page)/email/cancel?token=\(cancel)
                """)
        }
        return change
    }

    /// The change of `realm` whose link (`confirm` or `cancel`) carries `token`, while that link
    /// works; `nil` for none.
    package func change(_ token: String?, _ link: Link, of realm: RealmRecord) async throws -> EmailChangeRecord? {
        guard let token, !token.isEmpty, token.utf8.count <= 128 else { return nil }
        let now = now()
        let found = switch link {
        case .confirm: try await store.emailChange(confirmHash: Secrets.hash(token)).flatMap { $0.confirmedAt == nil && $0.confirmBy > now ? $0 : nil }
        case .cancel: try await store.emailChange(cancelHash: Secrets.hash(token)).flatMap { $0.expiresAt > now ? $0 : nil }
        }
        guard let found, found.cancelledAt == nil, found.realmID == realm.id, found.tenantID == realm.tenantID else { return nil }
        return found
    }

    /// Gives the identity the new address of the change `token` confirms; audited
    /// (`account.email_changed`, sent as `identity.updated`). `404` when the link was used,
    /// expired or cancelled, or the identity's address changed meanwhile; `409` when another
    /// identity of the realm has the address.
    package func confirm(_ token: String?, of realm: RealmRecord, from browser: RequestSource) async throws -> EmailChangeRecord {
        guard let change = try await change(token, .confirm, of: realm) else { throw Self.unusable }
        let event = try audit.event(
            "account.email_changed", tenantID: change.tenantID, realmID: change.realmID, subjectID: change.identityID,
            detail: AccountService.seen(["by": "account", "email_change_id": change.id], browser))
        do {
            try await store.confirmEmailChange(id: change.id, at: now(), audit: event)
        } catch let error as StorageError where error == .notFound {
            throw Self.unusable
        } catch let error as StorageError where error == .alreadyExists {
            throw ServerError(APIErrorCode.conflict, "another account uses this address, so yours did not change")
        }
        return change
    }

    /// Cancels the change `token` cancels, ending the identity's account-page sessions and, when
    /// it was made, restoring the former address (see ``EmailChangeStore/cancelEmailChange(id:at:audit:)``);
    /// audited (`account.email_change_cancelled`, with `restored`; sent as `identity.updated`
    /// when it restored the address). `404` when the link was used or expired.
    package func cancel(
        _ token: String?, of realm: RealmRecord, from browser: RequestSource
    ) async throws -> (change: EmailChangeRecord, restored: Bool) {
        guard let change = try await change(token, .cancel, of: realm) else { throw Self.unusable }
        let audit = audit
        guard let cancelled = try await store.cancelEmailChange(id: change.id, at: now(), audit: { restored in
            try audit.event(
                "account.email_change_cancelled", tenantID: change.tenantID, realmID: change.realmID, subjectID: change.identityID,
                detail: AccountService.seen(["by": "account", "email_change_id": change.id, "restored": String(restored)], browser))
        }) else { throw Self.unusable }
        return cancelled
    }

    private static let unusable = ServerError.notFound("this link was used, has expired, or its change was cancelled")
    private static let provisioned = ServerError(
        APIErrorCode.forbidden, "your organisation's directory manages your email address: ask whoever runs it to change it")
}
