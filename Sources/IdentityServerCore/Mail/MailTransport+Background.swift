public import Logging

extension MailTransport {
    /// Sends `message` without making the caller wait for the relay (an answer must not say, by
    /// its time, whether an address belongs to anyone); a failure is logged as `failure`, without
    /// the message (which may carry a secret link or code).
    public func sendInBackground(_ message: MailMessage, logger: Logger, failure: Logger.Message) {
        Task {
            do { try await send(message) } catch { logger.warning(failure, metadata: ["error": "\(error)"]) }
        }
    }
}
