package import Foundation
package import IdentityStorage
package import Logging

/// What every feature is built on: storage, the public base URL, the log, the security
/// metrics and the clock. The composition makes one; each feature takes the parts it uses.
package struct ServerEnvironment: Sendable {
    package let store: any IdentityStore
    package let baseURL: PublicBaseURL
    package let logger: Logger
    package let metrics: ServerMetrics
    package let now: @Sendable () -> Date

    package init(
        store: any IdentityStore, baseURL: PublicBaseURL, logger: Logger, metrics: ServerMetrics,
        now: @escaping @Sendable () -> Date
    ) {
        (self.store, self.baseURL, self.logger, self.metrics, self.now) = (store, baseURL, logger, metrics, now)
    }

    /// The audit log.
    package var audit: AuditLog { AuditLog(store: store, now: now) }
}
