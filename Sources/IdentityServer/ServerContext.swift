import Foundation
import IdentityStorage
import Logging
import Prometheus
import Synchronization
import IdentityServerCore
import RealmKeys
import WebhookDelivery
import OpenIDProvider
import DeviceSignIn
import AdminConsole

/// The composition root: everything the services are built from (storage, keys, clock,
/// configuration, the public base URL). Services take only the parts they use.
struct ServerContext: Sendable {
    let store: any IdentityStore
    let keyring: RealmKeyring
    let mail: any MailTransport
    /// The same transport for the mail queue: one try per attempt (the queue retries on its own schedule).
    let queuedMail: any MailTransport
    /// The `From` of enrollment emails, if configured.
    let mailFrom: String?
    let lifetimes: ArtifactLifetimes
    let signingKeys: SigningKeySettings
    let console: ConsoleSettings
    let publicClientProofs: PublicClientProofLimits
    let credentialExtension: CredentialExtensionSettings
    let extensionCodes: DigitCodes
    let emailCodes: DigitCodes
    let emailCodeSettings: EmailCodeSettings
    let passkeys: PasskeySettings
    let passkeySeal: PasskeyCeremonySeal
    let crossDeviceSignIn: CrossDeviceSettings
    let crossDeviceCodes: CrossDeviceCodes
    let transactionSeal: TransactionSeal
    let dpopNonces: DPoPNonces
    let extensionSignals: ExtensionSignals
    let claimRateLimiter: AttemptRateLimiter
    let trustedProxies: TrustedProxies
    /// Whose `traceparent` a request's span continues.
    let traceParentTrust: TraceParentTrust
    let baseURL: PublicBaseURL
    let logger: Logger
    let metrics: ServerMetrics
    /// Webhook settings, the sealer of their secrets, their metrics.
    let webhooks: WebhookContext
    /// Whether the server still takes new work (``ShutdownDelay`` ends it).
    let readiness = Readiness()
    let now: @Sendable () -> Date

    /// What every feature is built on.
    var environment: ServerEnvironment {
        ServerEnvironment(store: store, baseURL: baseURL, logger: logger, metrics: metrics, now: now)
    }

    /// The audit log.
    var audit: AuditLog { AuditLog(store: store, now: now) }
}
