import Foundation
import IdentityStorage
import Logging
import ServiceLifecycle

/// Deletes expired transactions, codes and issued-token rows every `interval`, keeping a
/// day of history for replay detection and audit.
struct HousekeepingService: Service {
    let context: ServerContext
    var interval: Duration = .seconds(600)
    var retention: TimeInterval = 86_400

    func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                let removed = try await context.store.deleteExpired(before: context.now().addingTimeInterval(-retention))
                if removed > 0 { context.logger.debug("housekeeping", metadata: ["removed": "\(removed)"]) }
            } catch {
                context.logger.warning("housekeeping failed", metadata: ["error": "\(error)"])
            }
            _ = try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }
}
