package import Logging

/// The metadata of one log record as both handlers write it: the logger's own, then the
/// metadata provider's (the request's id), then the record's, a later one winning a key; an
/// error's message and type; sorted by key. Hummingbird's own request id is left out where the
/// request log middleware's `request_id` (the one the client and proxies see) is there.
package enum LogRecordMetadata {
    package static func merged(
        _ base: Logger.Metadata, provider: Logger.MetadataProvider?, event: LogEvent
    ) -> [(key: String, value: Logger.Metadata.Value)] {
        // From the record's own down, each adding only keys not there yet: the record's
        // dictionary is then kept as it is when it already has what the others give (the
        // request log line's `request_id`), where merging into the logger's would rehash it.
        var metadata = event.metadata ?? [:]
        if let provided = provider?.get() {
            for (key, value) in provided where metadata[key] == nil { metadata[key] = value }
        }
        let hidesHummingbirdID = metadata["request_id"] != nil || base["request_id"] != nil
        for (key, value) in base where metadata[key] == nil && !(hidesHummingbirdID && key == "hb.request.id") {
            metadata[key] = value
        }
        if let error = event.error {
            metadata["error.message"] = "\(error)"
            metadata["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        if hidesHummingbirdID { metadata["hb.request.id"] = nil }
        return metadata.sorted { $0.key < $1.key }
    }
}
