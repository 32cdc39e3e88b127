public import Logging
import IdentityServerCore
import OTel

/// What every log line of the server carries besides its own metadata: the request's id while a
/// request is handled, and the trace and span ids (`trace_id`, `span_id`, `trace_flags`) while a
/// span is current, so that a line leads to its trace and back.
public enum ServerLogMetadata {
    /// The log handlers' metadata provider.
    public static let provider = Logger.MetadataProvider.multiplex([RequestIDMetadata.provider, OTel.makeLoggingMetadataProvider()])
}
