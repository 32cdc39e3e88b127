import HTTPTypes
package import Hummingbird
import IdentityProtocol
import IdentityStorage
import Logging
import NIOCore
import NIOHTTP1
import Prometheus

/// Makes sure every error answers `{"error", "error_description"}`: a ``ServerError`` answers
/// for itself (a 4xx one counted in `bi_requests_refused_total` by route and code); malformed HTTP framing is `400`; an oversized body is `413`, Hummingbird's own 4xx errors keep their status with
/// our body; storage that is down, full or read-only is `503 temporarily_unavailable` with
/// `Retry-After` (counted); a secret not sealed because another process rotated the master key
/// is `503 temporarily_unavailable` saying so (logged); anything else is a `500` with a generic body and a log line, never
/// its detail.
package struct ErrorMiddleware: RouterMiddleware {
    package typealias Context = ServerRequestContext

    package let metrics: ServerMetrics

    package init(metrics: ServerMetrics) {
        self.metrics = metrics
    }

    /// Seconds a client should wait before retrying during a storage outage.
    package static let outageRetryAfter = 5

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            return try Self.response(for: error, to: request, context: context, metrics: metrics)
        }
    }

    /// The response that answers `error`.
    package static func response(for error: any Error, to request: Request, context: Context, metrics: ServerMetrics) throws -> Response {
        try answer(for: error, context: context, metrics: metrics).response(from: request, context: context)
    }

    /// The error that answers `error`, counted and logged as above (the console shows it as a page).
    package static func answer(for error: any Error, context: Context, metrics: ServerMetrics) -> ServerError {
        switch error {
        case let error as ServerError:
            if (400..<500).contains(error.status.code) {
                metrics.refused(route: context.endpointPath ?? "unmatched", error: error.code.wire)
            }
            return error
        case let error as StorageError where error == .unavailable:
            metrics.storageUnavailable.increment()
            context.logger.warning("storage unavailable", metadata: ["error": "\(error.description)"])
            return ServerError(
                APIErrorCode.temporarilyUnavailable, "storage is unavailable; try again shortly",
                headers: [.retryAfter: String(outageRetryAfter)])
        case let error as StorageError where error == .staleMasterKey:
            // Nothing was written; this server can seal nothing until restarted with the new key.
            context.logger.error(
                "refused to seal a secret under a master key that is no longer the database's: restart with the new key",
                metadata: ["error": "\(error.description)"])
            return Self.staleMasterKey
        case is HTTPParserError:
            // The body broke HTTP's framing (a bad chunk size or extension, a missing CRLF).
            return ServerError(APIErrorCode.invalidRequest, "the request is not well-formed HTTP", headers: [.connection: "close"])
        case is NIOTooManyBytesError:
            return Self.payloadTooLarge
        case let error as HTTPError where (400..<500).contains(error.status.code):
            return error.status == .contentTooLarge
                ? Self.payloadTooLarge
                : ServerError(APIErrorCode.invalidRequest, error.body ?? error.status.reasonPhrase,
                              status: error.status == .notFound || error.status == .methodNotAllowed ? error.status : .badRequest)
        default:
            context.logger.error("unexpected error", metadata: ["error": "\(String(reflecting: type(of: error)))"])
            return ServerError(OAuthErrorCode.serverError, "internal error")
        }
    }

    /// Another process rotated the master key since this server started.
    package static let staleMasterKey = ServerError(
        APIErrorCode.temporarilyUnavailable,
        "the master key was rotated and this server still holds the old one: it must be restarted with the new key")

    private static let payloadTooLarge = ServerError(APIErrorCode.payloadTooLarge, "the body is larger than 64 KiB")
}
