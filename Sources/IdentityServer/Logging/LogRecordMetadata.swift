import Logging

/// The metadata of one log record as both handlers write it: the logger's own, then the
/// metadata provider's (the request's id), then the record's, a later one winning a key; an
/// error's message and type; sorted by key. Hummingbird's own request id is left out where the
/// request log middleware's `request_id` (the one the client and proxies see) is there.
enum LogRecordMetadata {
    static func merged(
        _ base: Logger.Metadata, provider: Logger.MetadataProvider?, event: LogEvent
    ) -> [(key: String, value: Logger.Metadata.Value)] {
        var metadata = base
        if let provided = provider?.get(), !provided.isEmpty { metadata.merge(provided) { $1 } }
        if let explicit = event.metadata, !explicit.isEmpty { metadata.merge(explicit) { $1 } }
        if let error = event.error {
            metadata["error.message"] = "\(error)"
            metadata["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        if metadata["request_id"] != nil { metadata["hb.request.id"] = nil }
        return metadata.sorted { $0.key < $1.key }
    }
}
