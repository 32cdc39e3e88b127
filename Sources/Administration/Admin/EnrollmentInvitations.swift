package import Foundation
import IdentityProtocol
package import IdentityStorage
package import IdentityServerCore
package import RealmKeys
import MailDelivery

/// Makes enrollment links: a binding job, the link that carries its single-use token (only its
/// hash is stored), and for delivery `email` the mail, sealed under the master key, that the
/// mail queue sends. The admin API's binding jobs and a directory's new users get theirs here.
package struct EnrollmentInvitations {
    package let keyring: RealmKeyring
    package let mailFrom: String?
    package let baseURL: PublicBaseURL

    /// A link just made: the job and mail to write, and the link (to show once, for `return`).
    package struct Invitation {
        package let job: BindingJobRecord
        package let mail: MailDeliveryRecord?
        package let link: String
    }

    /// A link for `identity` of `realm`, valid for `lifetime` from `now`.
    package func invite(
        _ identity: IdentityRecord, of realm: RealmRecord, kind: BindingJobRecord.Kind, delivery: BindingJobRecord.Delivery,
        lifetime: TimeInterval, redirect: String? = nil, keepsOtherCredentials: Bool = false, now: Date
    ) throws -> Invitation {
        let token = Secrets.token()
        let job = BindingJobRecord(
            id: Secrets.identifier(), tenantID: identity.tenantID, realmID: identity.realmID, identityID: identity.id, kind: kind,
            delivery: delivery, tokenHash: Secrets.hash(token), postBindingRedirectURI: redirect, status: .pending,
            expiresAt: now.addingTimeInterval(lifetime), createdAt: now, completedAt: nil, credentialID: nil,
            keepsOtherCredentials: keepsOtherCredentials)
        let link = "\(baseURL.value)\(DeviceAPI.enrollmentLink)?\(DeviceURLParameter.bindingToken)=\(token)"
        var mail: MailDeliveryRecord?
        if delivery == .email, let email = identity.email {
            let message = EnrollmentEmail.message(
                to: email, from: mailFrom, displayName: identity.displayName, realm: realm.displayName, kind: kind, link: link,
                expiresAt: job.expiresAt, baseURL: baseURL.value)
            let id = "mld_" + Secrets.identifier()
            mail = MailDeliveryRecord(
                id: id, bindingJobID: job.id, tenantID: identity.tenantID, realmID: identity.realmID,
                sealedMessage: try MailDeliveryService.seal(message, deliveryID: id, with: keyring.sealer), nextAttemptAt: now,
                createdAt: now)
        }
        return Invitation(job: job, mail: mail, link: link)
    }
}
