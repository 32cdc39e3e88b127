package import Logging
import IdentityServerCore

/// Tries a delivery again after each wait of `backoff` while it fails transiently; a permanent
/// failure, or a transient one after the last wait, is thrown.
package enum MailRetry {
    package static func deliver(backoff: [Duration], logger: Logger, _ attempt: () async throws -> Void) async throws {
        var waits = backoff[...]
        while true {
            do {
                return try await attempt()
            } catch let error as any MailDeliveryFailure where error.isTransient && !waits.isEmpty {
                logger.warning("mail delivery failed; trying again", metadata: ["error": "\(error)"])
                try await Task.sleep(for: waits.removeFirst())
            }
        }
    }
}
