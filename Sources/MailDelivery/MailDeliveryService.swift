package import Foundation
package import IdentityStorage
package import Logging
import ServiceLifecycle
package import IdentityServerCore
import ServerTracing
import Tracing

/// Sends the mail queue: claims due enrollment mails under a lease (so that of several
/// instances one attempts each), opens each message and hands it to the configured transport
/// (SMTP relay, `sendmail`, or the outbox directory), and records what came of it with its
/// audit event in one transaction: sent is `binding_job.delivered`; a transient failure is tried
/// again after the next of ``MailSettings/retryDelays`` (with jitter); a permanent one (a 5yz
/// reply), the schedule spent, or a job that expired or was used first is given up,
/// `binding_job.mail_failed` with the relay's words. A stopped instance's claims are taken over
/// once their lease ends, so a restart loses nothing (a mail may go out twice, at least once).
package struct MailDeliveryService: Service {
    package let store: any MailQueueStore & CredentialStore & AuditStore
    package let sealer: SecretSealer
    package let transport: any MailTransport
    package let retryDelays: [TimeInterval]
    package let pollInterval: Duration
    package let lease: TimeInterval
    package let logger: Logger
    package let now: @Sendable () -> Date
    /// This instance, as the owner of its leases.
    package let owner = "mlr_" + Secrets.identifier()

    package init(
        store: any MailQueueStore & CredentialStore & AuditStore, sealer: SecretSealer, transport: any MailTransport, retryDelays: [TimeInterval],
        pollInterval: Duration, lease: TimeInterval, logger: Logger, now: @escaping @Sendable () -> Date
    ) {
        self.store = store
        self.sealer = sealer
        self.transport = transport
        self.retryDelays = retryDelays
        self.pollInterval = pollInterval
        self.lease = lease
        self.logger = logger
        self.now = now
    }

    /// Mails claimed at a time.
    package static let batchSize = 16

    package func run() async throws {
        await DeliveryQueuePolling.run(every: pollInterval, logger: logger, queue: "mail") { try await deliverDue() }
    }

    /// Claims what is due and attempts it, all at once; returns how many were claimed.
    package func deliverDue() async throws -> Int {
        let due = try await store.claimMailDeliveries(owner: owner, now: now(), lease: lease, limit: Self.batchSize)
        await DeliveryQueuePolling.attemptAll(due, logger: logger, queue: "mail", id: \.id) { try await attempt($0) }
        return due.count
    }

    /// Seals `message` for the outbox row `deliveryID`.
    package static func seal(_ message: MailMessage, deliveryID: String, with sealer: SecretSealer) throws -> Data {
        try sealer.seal(try JSONEncoder().encode(message), purpose: SealedSecret.Owner.mailMessage(deliveryID: deliveryID).purpose)
    }

    /// One attempt at `delivery`, recorded: a span when the server traces (never with the
    /// message's addresses, nor the relay's answer, which may quote them).
    package func attempt(_ delivery: MailDeliveryRecord) async throws {
        try await Traces.span("mail attempt", kind: .client, startsTrace: true) { span in
            span.attributes["bi.mail.delivery_id"] = delivery.id
            span.attributes["bi.mail.attempt"] = delivery.attempts + 1
            let delivered = try await attemptRecorded(delivery)
            span.attributes["bi.mail.delivered"] = delivered
        }
    }

    /// One attempt at `delivery`, recorded; whether the message went out (`nil`: its job is gone).
    private func attemptRecorded(_ delivery: MailDeliveryRecord) async throws -> Bool? {
        guard let job = try await store.bindingJob(id: delivery.bindingJobID) else { return nil }
        let attemptedAt = now()
        var failure: (reason: String, transient: Bool)?
        if job.status != .pending || job.expiresAt <= attemptedAt {
            failure = ("the binding job \(job.status == .pending ? "expired" : "was used") before its mail was sent", false)
        } else {
            do {
                try await transport.send(try open(delivery))
            } catch let error as any MailDeliveryFailure {
                failure = (error.description, error.isTransient)
            } catch let error as SecretSealer.SealError {
                failure = ("the message cannot be opened with this master key (\(error))", false)
            } catch {
                failure = ("\(error)", true)
            }
        }
        let result: MailAttemptResult
        let event: AuditEventRecord?
        let audit = AuditLog(store: store, now: now)
        if let failure {
            let retry = failure.transient
                ? DeliveryQueuePolling.retryTime(after: delivery.attempts, delays: retryDelays, from: attemptedAt) : nil
            result = retry.map { .retry(at: $0) } ?? .failed
            event = retry != nil ? nil : try audit.event(
                "binding_job.mail_failed", tenantID: job.tenantID, realmID: job.realmID, subjectID: job.id,
                detail: ["reason": failure.reason, "transient": "\(failure.transient)", "attempts": "\(delivery.attempts + 1)"])
            logger.warning("enrollment mail not sent", metadata: [
                "binding_job": "\(job.id)", "error": "\(failure.reason)", "retry": "\(retry.map { "\($0)" } ?? "no")",
            ])
        } else {
            result = .delivered
            event = try audit.event(
                "binding_job.delivered", tenantID: job.tenantID, realmID: job.realmID, subjectID: job.id,
                detail: ["identity_id": job.identityID, "kind": job.kind.rawValue])
        }
        try await store.recordMailAttempt(
            deliveryID: delivery.id, owner: owner, at: attemptedAt, error: failure?.reason, result: result, audit: event)
        return failure == nil
    }

    private func open(_ delivery: MailDeliveryRecord) throws -> MailMessage {
        guard let sealed = delivery.sealedMessage else { throw SecretSealer.SealError.unopenable }
        let plain = try sealer.open(sealed, purpose: SealedSecret.Owner.mailMessage(deliveryID: delivery.id).purpose)
        return try JSONDecoder().decode(MailMessage.self, from: plain)
    }
}
