package import Foundation
package import IdentityProtocol
package import IdentityStorage
import IdentityServerCore
import Prometheus
package import WebAuthn

/// Registering a passkey from an enrollment link opened in a browser: the creation options for
/// the link's identity, then the browser's new credential, verified (WebAuthn Level 3 §7.1) and
/// bound as the identity's credential, using up the link as a device's binding does.
package struct PasskeyRegistrationService {
    package let enrollment: EnrollmentService
    package let settings: PasskeySettings
    package let seal: PasskeyCeremonySeal

    package init(enrollment: EnrollmentService, settings: PasskeySettings, seal: PasskeyCeremonySeal) {
        (self.enrollment, self.settings, self.seal) = (enrollment, settings, seal)
    }

    private var store: any DeviceSignInStore { enrollment.store }
    private var now: @Sendable () -> Date { enrollment.now }

    /// The most passkeys of one identity a registration lists to exclude.
    private static let excludedAtMost = 50

    /// What the page hands the browser for the identity of the link's token; nothing is written.
    package func options(_ request: PasskeyRegistrationOptionsRequest) async throws -> PasskeyRegistrationOptions {
        try await enrollment.auditingRefusal(token: request.bindingToken) {
            let job = try await enrollment.pendingJob(token: request.bindingToken)
            let (identity, realm) = try await subject(of: job)
            return try await creationOptions(.registration, of: job.id, identity: identity, realm: realm)
        }
    }

    /// Creation options of a new ceremony for `purpose` of `subject`, for `identity` in
    /// `realm` (its active passkeys excluded), sealed for the browser to send back; nothing is
    /// written. `userVerification` overrides the realm's rule.
    package func creationOptions(
        _ purpose: PasskeyCeremony.Purpose, of subject: String, identity: IdentityRecord, realm: RealmRecord,
        userVerification: UserVerificationRequirement? = nil
    ) async throws -> PasskeyRegistrationOptions {
        let challenge = Secrets.randomBytes(32)
        let ceremony = PasskeyCeremony(purpose, of: subject, challenge: challenge, expiresAt: now().addingTimeInterval(settings.ceremonyLifetime))
        let party = PasskeySettings.relyingParty(for: enrollment.baseURL, policy: realm.passkeyPolicy)
        let excluded = try await store.activePasskeyIDs(identityID: identity.id, limit: Self.excludedAtMost)
        return PasskeyRegistrationOptions(
            ceremony: try seal.seal(ceremony),
            publicKey: PasskeyCreationOptions(
                rp: .init(id: party.id, name: realm.displayName),
                user: .init(id: Data(identity.id.utf8).base64URLEncodedString, name: identity.username, displayName: identity.displayName),
                challenge: challenge.base64URLEncodedString,
                pubKeyCredParams: party.algorithms.map { .init(alg: $0.rawValue) },
                timeout: Int(settings.ceremonyLifetime * 1000),
                authenticatorSelection: .init(userVerification: (userVerification ?? party.userVerification).rawValue),
                attestation: realm.passkeyPolicy.attestationRoots.isEmpty ? "none" : "direct",
                excludeCredentials: excluded.map { .init(id: $0.base64URLEncodedString) }))
    }

    /// Verifies the browser's new credential for the ceremony and binds it to the link's
    /// identity; a refusal of a live link is audited as a device binding's is.
    package func register(_ request: PasskeyRegistrationRequest) async throws -> PasskeyRegistered {
        try await enrollment.auditingRefusal(token: request.bindingToken) {
            let job = try await enrollment.pendingJob(token: request.bindingToken)
            guard let ceremony = seal.open(request.ceremony, now: now()), ceremony.isFor(.registration, of: job.id) else {
                throw ServerError.invalidRequest("the passkey request is not this link's or has expired: start again")
            }
            let (_, realm) = try await subject(of: job)
            let registered = try await verify(request.credential, ceremony: ceremony, realm: realm)
            return PasskeyRegistered(
                credentialID: try await bind(registered, transports: request.credential.response.transports ?? [], token: request.bindingToken))
        }
    }

    /// The browser's new credential for `ceremony`, verified (WebAuthn Level 3 §7.1) under the
    /// realm's rules (its attestation roots and models included); `userVerification` overrides
    /// the realm's rule.
    package func verify(
        _ credential: PasskeyRegistrationRequest.Credential, ceremony: PasskeyCeremony, realm: RealmRecord,
        userVerification: UserVerificationRequirement? = nil
    ) async throws -> RegisteredCredential {
        guard credential.type == "public-key", let clientData = Data(base64URLEncoded: credential.response.clientDataJSON),
              let attestation = Data(base64URLEncoded: credential.response.attestationObject)
        else { throw ServerError.invalidRequest("the credential is not a WebAuthn public key credential") }
        var party = PasskeySettings.relyingParty(for: enrollment.baseURL, policy: realm.passkeyPolicy, attestation: true)
        if let userVerification { party.userVerification = userVerification }
        let registered: RegisteredCredential
        do {
            registered = try await party.verifyRegistration(
                clientDataJSON: Array(clientData), attestationObject: Array(attestation), challenge: Array(ceremony.challenge), now: now())
        } catch {
            throw ServerError(APIErrorCode.invalidPasskey, "the passkey was refused: \(error)")
        }
        guard Data(base64URLEncoded: credential.id).map(Array.init) == registered.id else {
            throw ServerError.invalidRequest("the credential's id is not the one its authenticator data attests")
        }
        return registered
    }

    /// The credential (kind `passkey`) and WebAuthn rows of `registered` for `identityID` of
    /// the realm, reached by `transports` (kept to 8 short words).
    package static func records(
        _ registered: RegisteredCredential, id credentialID: String, transports: [String], tenantID: String, realmID: String,
        identityID: String, now: Date
    ) -> (CredentialRecord, PasskeyRecord) {
        let transports = Array(transports.filter { $0.count <= 16 && $0.allSatisfy(\.isLetter) }.prefix(8))
        let credential = CredentialRecord(
            id: credentialID, tenantID: tenantID, realmID: realmID, identityID: identityID, state: .active,
            deviceName: name(transports: transports), certificateDER: Data(), parentCredentialID: nil, createdAt: now,
            lastUsedAt: nil, revokedAt: nil, kind: .passkey)
        let passkey = PasskeyRecord(
            credentialID: credentialID, realmID: realmID, webAuthnID: Data(registered.id),
            publicKey: Data(registered.publicKeyBytes), algorithm: registered.algorithm.rawValue, signCount: registered.signCount,
            aaguid: Data(registered.aaguid), transports: transports,
            backupEligible: registered.flags.contains(.backupEligible), backedUp: registered.flags.contains(.backedUp),
            attestationFormat: registered.attestation.format.rawValue, attestationTrusted: registered.attestation.trusted)
        return (credential, passkey)
    }

    /// What the enrollment link's page shows: the realm's and the identity's names, and the link
    /// into the app (for whoever would rather bind a device there); `nil` when no application of
    /// its realm offers passkeys (the link then goes on to the app).
    package func page(token: String?) async throws -> PasskeyRegistrationPage.Subject? {
        try await enrollment.auditingRefusal(token: token) {
            let job = try await enrollment.pendingJob(token: token)
            guard try await store.realmOffers(.passkey, realmID: job.realmID) else { return nil }
            let (identity, realm) = try await subject(of: job, offerChecked: true)
            return .init(
                realm: realm.displayName, identity: identity.displayName,
                appURL: try enrollment.registrationRedirect(of: realm, token: token ?? ""))
        }
    }

    /// The job's identity, active, and its realm, whose applications offer passkeys (unless the
    /// caller checked that already: `offerChecked`).
    private func subject(of job: BindingJobRecord, offerChecked: Bool = false) async throws -> (IdentityRecord, RealmRecord) {
        guard let identity = try await store.identity(id: job.identityID), let realm = try await store.realm(id: job.realmID) else {
            throw EnrollmentService.invalidToken
        }
        guard identity.status == .active else { throw ServerError(APIErrorCode.identityInactive, "the identity is \(identity.status)") }
        let offered = offerChecked ? true : try await store.realmOffers(.passkey, realmID: realm.id)
        guard offered else {
            throw ServerError(APIErrorCode.forbidden, "no application of this realm offers sign-in with a passkey")
        }
        return (identity, realm)
    }

    /// Binds `registered` to the job's identity, in the transaction that uses up the link.
    private func bind(_ registered: RegisteredCredential, transports: [String], token: String) async throws -> String {
        let now = now()
        let credentialID = Secrets.identifier()
        let enrollment = enrollment
        do {
            _ = try await store.completePasskeyBinding(tokenHash: Secrets.hash(token), now: now) { job, revoked in
                let (credential, passkey) = Self.records(
                    registered, id: credentialID, transports: transports, tenantID: job.tenantID, realmID: job.realmID,
                    identityID: job.identityID, now: now)
                let events = try enrollment.bindingEvents(
                    job, credentialID: credentialID, revoked: revoked, detail: ["credential_kind": "passkey"])
                return (credential, passkey, events)
            }
        } catch let error as StorageError where error == .notFound {
            throw EnrollmentService.invalidToken
        } catch let error as StorageError where error == .alreadyExists {
            throw ServerError(APIErrorCode.conflict, "this passkey is registered already")
        }
        enrollment.metrics.credentialsBound.increment()
        return credentialID
    }

    /// What the identity's credential list calls the passkey, from how the browser reaches it.
    private static func name(transports: [String]) -> String {
        if transports.contains("internal") { return "Passkey on this device" }
        if transports.contains(where: { ["usb", "nfc", "ble"].contains($0) }) { return "Security key" }
        return "Passkey"
    }
}
