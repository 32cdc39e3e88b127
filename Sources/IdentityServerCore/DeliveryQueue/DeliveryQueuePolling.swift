package import Foundation
package import Logging
import ServiceLifecycle

/// What the delivery queues' workers (webhooks, mail) share: their loop, and when a failed attempt is
/// tried again.
package enum DeliveryQueuePolling {
    /// Runs `deliverDue` (which claims what is due, attempts it and returns how many it claimed)
    /// until the task is cancelled or the service group shuts down, waiting `pollInterval`
    /// after a round that found nothing due; a failed round is logged and the loop goes on.
    package static func run(every pollInterval: Duration, logger: Logger, queue: String, _ deliverDue: () async throws -> Int) async {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            var claimed = 0
            do {
                claimed = try await deliverDue()
            } catch {
                logger.warning("\(queue) delivery failed", metadata: ["error": "\(error)"])
            }
            if claimed == 0 {
                _ = try? await cancelWhenGracefulShutdown { try await Task.sleep(for: pollInterval) }
            }
        }
    }

    /// Attempts every claimed item at once (`id` names one in the log) and waits for them all;
    /// an attempt that could not be recorded is logged, and its lease runs out.
    package static func attemptAll<Item: Sendable>(
        _ items: [Item], logger: Logger, queue: String, id: @escaping @Sendable (Item) -> String,
        _ attempt: @escaping @Sendable (Item) async throws -> Void
    ) async {
        await withTaskGroup(of: Void.self) { group in
            for item in items {
                group.addTask {
                    do {
                        try await attempt(item)
                    } catch {
                        logger.warning("\(queue) attempt not recorded", metadata: ["delivery": "\(id(item))", "error": "\(error)"])
                    }
                }
            }
        }
    }

    /// When the attempt after `attempts` failed ones is due, made at `time`: after the next of
    /// `delays` spread by ±20 % (jitter), or `nil` once they are spent (give up).
    package static func retryTime(after attempts: Int, delays: [TimeInterval], from time: Date) -> Date? {
        guard attempts < delays.count else { return nil }
        return time.addingTimeInterval(delays[attempts] * Double.random(in: 0.8...1.2))
    }
}
