import Foundation
import IdentityStorage
import Logging
import ServiceLifecycle

/// Deletes expired transactions, codes and issued-token rows every `interval`, keeping a
/// day of history for replay detection and audit.
struct HousekeepingService: Service {
    let store: any IdentityStore
    let logger: Logger
    let now: @Sendable () -> Date
    var interval: Duration = .seconds(600)
    var retention: TimeInterval = 86_400

    func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                let removed = try await store.deleteExpired(before: now().addingTimeInterval(-retention))
                if removed > 0 { logger.debug("housekeeping", metadata: ["removed": "\(removed)"]) }
            } catch {
                logger.warning("housekeeping failed", metadata: ["error": "\(error)"])
            }
            _ = try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }
}
