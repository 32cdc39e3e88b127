import Foundation
import Logging
import ServiceLifecycle
import IdentityServerCore
import RealmKeys

/// Every ``SigningKeySettings/checkInterval``: rotates each realm key that has
/// signed for its lifetime, its successor published ahead (audited). Several instances may do
/// it at once; at worst two successors are published, and the later one signs.
struct SigningKeyRotationService: Service {
    let keyring: RealmKeyring
    let settings: SigningKeySettings
    let audit: AuditLog
    let logger: Logger
    let now: @Sendable () -> Date

    func run() async throws {
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
