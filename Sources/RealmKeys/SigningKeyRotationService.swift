package import Foundation
package import Logging
import ServiceLifecycle
package import IdentityServerCore

/// Every ``SigningKeySettings/checkInterval``: rotates each realm key that has
/// signed for its lifetime, its successor published ahead (audited). Several instances may do
/// it at once: the store serialises rotations of a realm, and the first makes it no longer due
/// for the others (one successor, audited once).
package struct SigningKeyRotationService: Service {
    package let keyring: RealmKeyring
    package let settings: SigningKeySettings
    package let audit: AuditLog
    package let logger: Logger
    package let now: @Sendable () -> Date

    package init(keyring: RealmKeyring, settings: SigningKeySettings, audit: AuditLog, logger: Logger, now: @escaping @Sendable () -> Date) {
        self.keyring = keyring
        self.settings = settings
        self.audit = audit
        self.logger = logger
        self.now = now
    }

    package func run() async throws {
        guard let lifetime = settings.lifetime else { return }
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                let rotated = try await keyring.rotateKeys(
                    activatedBefore: now().addingTimeInterval(-lifetime), prepublication: settings.prepublication)
                for (realmID, kid) in rotated {
                    try await audit.record("signing_key.rotated", tenantID: nil, realmID: realmID, subjectID: kid, detail: ["by": "schedule"])
                }
                if !rotated.isEmpty { logger.info("rotated signing keys", metadata: ["keys": "\(rotated.count)"]) }
            } catch {
                logger.warning("signing key rotation failed", metadata: ["error": "\(error)"])
            }
            _ = try? await cancelWhenGracefulShutdown { try await Task.sleep(for: settings.checkInterval) }
        }
    }
}
