public import Logging

/// The id of the request being handled, added as `request_id` to every line logged while
/// handling it: the log handlers' metadata provider reads it from the task, so no logger's
/// metadata is copied per request.
public enum RequestIDMetadata {
    /// The request being handled by this task, set by the request log middleware.
    @TaskLocal package static var current: String?

    /// Gives `request_id` while a request is handled, nothing otherwise.
    public static let provider = Logger.MetadataProvider {
        current.map { ["request_id": .string($0)] } ?? [:]
    }
}
