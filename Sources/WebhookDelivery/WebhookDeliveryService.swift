import AsyncHTTPClient
package import Crypto
package import Foundation
package import IdentityStorage
package import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle
package import IdentityServerCore
import ServerTracing
import Tracing

/// Delivers the webhook queue: claims due deliveries under a lease (so that of several
/// instances one attempts each), sends each as a signed Standard Webhooks request (its
/// address checked and pinned, no redirect followed, ``WebhookSettings/attemptTimeout``
/// in all), and records what came of it: a 2xx delivers, `410 Gone` turns the endpoint off,
/// anything else (or no answer) retries after the next of
/// ``WebhookSettings/retryDelays`` with jitter, until they are spent. A stopped
/// instance's claims are taken over once their lease ends, so a kill loses nothing; a
/// receiver may see a message twice (at least once), with the same `webhook-id`.
package struct WebhookDeliveryService: Service {
    package let store: any WebhookStore
    package let sealer: SecretSealer
    package let settings: WebhookSettings
    package let metrics: WebhookMetrics
    package let logger: Logger
    package let now: @Sendable () -> Date
    /// This instance, as the owner of its leases.
    package let owner = "wkr_" + Secrets.identifier()

    package init(
        store: any WebhookStore, sealer: SecretSealer, settings: WebhookSettings, metrics: WebhookMetrics, logger: Logger,
        now: @escaping @Sendable () -> Date
    ) {
        self.store = store
        self.sealer = sealer
        self.settings = settings
        self.metrics = metrics
        self.logger = logger
        self.now = now
    }

    /// Deliveries claimed at a time.
    package static let batchSize = 32
    /// Bytes of an answer kept in the delivery log.
    package static let excerptLimit = 1024

    package func run() async throws {
        await DeliveryQueuePolling.run(every: settings.pollInterval, logger: logger, queue: "webhook") {
            let claimed = try await deliverDue()
            metrics.queue(try await store.webhookQueueStatus(), now: now())
            return claimed
        }
    }

    /// Claims what is due and attempts it, all at once; returns how many were claimed.
    package func deliverDue() async throws -> Int {
        let due = try await store.claimWebhookDeliveries(
            owner: owner, now: now(), lease: settings.lease, limit: Self.batchSize, perEndpoint: settings.maxInFlightPerEndpoint)
        await DeliveryQueuePolling.attemptAll(due, logger: logger, queue: "webhook", id: \.id) { try await attempt($0) }
        return due.count
    }

    /// One attempt at `delivery`, recorded: a client span when the server traces, whose
    /// `traceparent` the request carries.
    package func attempt(_ delivery: WebhookDeliveryRecord) async throws {
        try await Traces.span("webhook attempt", kind: .client, startsTrace: true) { span in
            span.attributes["bi.webhook.delivery_id"] = delivery.id
            span.attributes["bi.webhook.endpoint_id"] = delivery.endpointID
            span.attributes["bi.webhook.attempt"] = delivery.attempts + 1
            let outcome = try await attemptRecorded(delivery)
            span.attributes["bi.webhook.outcome"] = outcome?.rawValue
        }
    }

    /// One attempt at `delivery`, recorded; its outcome, or `nil` when its endpoint is gone.
    private func attemptRecorded(_ delivery: WebhookDeliveryRecord) async throws -> WebhookMetrics.Outcome? {
        guard let endpoint = try await store.webhookEndpoint(id: delivery.endpointID) else { return nil }
        let attemptedAt = now()
        let clock = ContinuousClock()
        let started = clock.now
        var (status, excerpt, failure): (Int?, String?, String?) = (nil, nil, nil)
        do {
            (status, excerpt) = try await send(delivery, to: endpoint, at: attemptedAt)
        } catch let refusal as WebhookTargetCheck.Refusal {
            failure = "target refused: \(refusal)"
        } catch {
            failure = Self.describe(error)
        }
        let elapsed = clock.now - started
        let result: WebhookAttemptResult
        let outcome: WebhookMetrics.Outcome
        if let status, (200..<300).contains(status) {
            (result, outcome) = (.delivered, .delivered)
        } else if status == 410 {
            (result, outcome) = (.endpointGone(reason: "410 Gone on \(Date.ISO8601FormatStyle().format(attemptedAt))"), .gone)
        } else if let retry = DeliveryQueuePolling.retryTime(after: delivery.attempts, delays: settings.retryDelays, from: attemptedAt) {
            (result, outcome) = (.retry(at: retry), .retried)
        } else {
            (result, outcome) = (.failed, .failed)
        }
        var next: Date?
        if case .retry(let at) = result { next = at }
        let record = WebhookAttemptRecord(
            id: Secrets.identifier(), deliveryID: delivery.id, endpointID: endpoint.id, attemptedAt: attemptedAt,
            durationMilliseconds: Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000),
            statusCode: status, responseExcerpt: excerpt, error: failure, nextAttemptAt: next)
        try await store.recordWebhookAttempt(record, owner: owner, result: result)
        metrics.attempted(outcome)
        logger.debug("webhook attempt", metadata: [
            "delivery": "\(delivery.id)", "endpoint": "\(endpoint.id)", "status": "\(status.map(String.init) ?? "-")",
            "outcome": "\(outcome.rawValue)",
        ])
        return outcome
    }

    /// The signing keys of `endpoint` at `now`: its secret's, then the previous one's while the
    /// rotation's overlap lasts.
    package func keys(of endpoint: WebhookEndpointRecord, at now: Date) throws -> [SymmetricKey] {
        let purpose = SealedSecret.Owner.webhookSecret(endpointID: endpoint.id, previous: false).purpose
        var secrets = [try sealer.open(endpoint.sealedSecret, purpose: purpose)]
        if let previous = endpoint.previousSealedSecret, let until = endpoint.previousSecretExpiresAt, until > now {
            secrets.append(try sealer.open(previous, purpose: purpose))
        }
        return try secrets.map { sealed in
            guard let key = WebhookSignature.key(of: String(decoding: sealed, as: UTF8.self)) else { throw SecretSealer.SealError.unopenable }
            return key
        }
    }

    /// Sends the signed message; returns the answer's status and the start of its body.
    private func send(_ delivery: WebhookDeliveryRecord, to endpoint: WebhookEndpointRecord, at time: Date) async throws -> (Int, String) {
        let target = try await WebhookTargetCheck(allowPrivateTargets: settings.allowPrivateTargets).check(endpoint.url)
        let body = try WebhookPayload.body(of: delivery)
        let timestamp = Int(time.timeIntervalSince1970)
        var request = HTTPClientRequest(url: endpoint.url)
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/json")
        request.headers.add(name: "user-agent", value: "bi-server-webhooks")
        request.headers.add(name: "webhook-id", value: delivery.messageID)
        request.headers.add(name: "webhook-timestamp", value: String(timestamp))
        request.headers.add(
            name: "webhook-signature",
            value: WebhookSignature.header(id: delivery.messageID, timestamp: timestamp, body: body, keys: try keys(of: endpoint, at: time)))
        for (name, value) in Traces.currentFields() { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(bytes: body))

        let timeout = TimeAmount.nanoseconds(Int64(settings.attemptTimeout.components.seconds) * 1_000_000_000)
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: timeout, read: timeout))
        // Connect to the address just checked, whatever the name resolves to by then (TLS
        // still checks the certificate against the name).
        configuration.dnsOverride = [target.host: target.address]
        configuration.decompression = .disabled
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            // One deadline for the whole attempt, body included: the client's own ends once the
            // head is in, and a receiver trickling its body a byte at a time would otherwise
            // hold the attempt (and its batch) for hours.
            let (deadline, request) = (settings.attemptTimeout, request)
            let answer = try await withThrowingTaskGroup(of: (Int, String)?.self) { group in
                group.addTask {
                    let response = try await client.execute(request, timeout: timeout)
                    var excerpt = ByteBuffer()
                    for try await chunk in response.body {
                        var chunk = chunk
                        if let bytes = chunk.readSlice(length: min(chunk.readableBytes, Self.excerptLimit - excerpt.readableBytes)) {
                            excerpt.writeImmutableBuffer(bytes)
                        }
                        if excerpt.readableBytes >= Self.excerptLimit { break }
                    }
                    return (Int(response.status.code), String(decoding: excerpt.readableBytesView, as: UTF8.self))
                }
                group.addTask {
                    try await Task.sleep(for: deadline)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let answer = first else { throw HTTPClientError.deadlineExceeded }
                return answer
            }
            try await client.shutdown()
            return answer
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    /// A short description of a failed attempt.
    private static func describe(_ error: any Error) -> String {
        switch error {
        case let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout:
            "timed out"
        default:
            String(describing: error)
        }
    }
}
