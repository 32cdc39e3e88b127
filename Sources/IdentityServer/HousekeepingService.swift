import Foundation
import IdentityStorage
import Logging
import ServiceLifecycle
import IdentityServerCore
import DeviceSignIn

/// Every ``ServerConfiguration/Housekeeping/interval``: marks cross-device sign-ins nobody
/// approved in time expired (each audited), then deletes rows that expired more than
/// the retention ago (transactions, codes, issued tokens, sessions, extension sessions, rate
/// windows, used request ids, webhook deliveries delivered or given up) and audit events
/// older than their retention, in small batches so that requests keep their turn at the
/// database.
struct HousekeepingService: Service {
    let store: any IdentityStore
    let settings: ServerConfiguration.Housekeeping
    let audit: AuditLog
    let logger: Logger
    let now: @Sendable () -> Date

    func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                let removed = try await purge()
                if removed > 0 { logger.debug("housekeeping", metadata: ["removed": "\(removed)"]) }
            } catch {
                logger.warning("housekeeping failed", metadata: ["error": "\(error)"])
            }
            _ = try? await cancelWhenGracefulShutdown { try await Task.sleep(for: settings.interval) }
        }
    }

    /// One purge, batch after batch until nothing is left; returns how many rows went.
    func purge() async throws -> Int {
        let now = now()
        let expired = now.addingTimeInterval(-settings.expiredRetention)
        let audit = audit
        _ = try await store.expireCrossDeviceSignIns(now: now) { signIn in
            try audit.event(
                "cross_device.expired", tenantID: signIn.tenantID, realmID: signIn.realmID, subjectID: nil,
                detail: CrossDeviceSignInService.originDetail(signIn))
        }
        var removed = 0
        while !Task.isShuttingDownGracefully, case let batch = try await store.deleteExpired(before: expired, limit: settings.batchSize),
              batch > 0 {
            removed += batch
        }
        while !Task.isShuttingDownGracefully,
              case let batch = try await store.deleteCompletedWebhookDeliveries(before: expired, limit: settings.batchSize), batch > 0 {
            removed += batch
        }
        if let retention = settings.auditRetention {
            let old = now.addingTimeInterval(-retention)
            while !Task.isShuttingDownGracefully,
                  case let batch = try await store.deleteAuditEvents(before: old, limit: settings.batchSize), batch > 0 {
                removed += batch
            }
        }
        return removed
    }
}
