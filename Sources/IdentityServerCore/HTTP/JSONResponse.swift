package import Foundation
package import HTTPTypes
package import Hummingbird
import IdentityProtocol
import NIOFoundationEssentialsCompat

/// JSON responses in the wire format (snake_case keys, ISO 8601 dates).
package enum JSONResponse {
    private static let encoder = JSONEncoder.identityWire

    /// A JSON response. Identity responses carry secrets or per-user data, so they are not
    /// cached unless `cacheable`.
    package static func make(
        _ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:], cacheable: Bool = false
    ) throws -> Response {
        try raw(encoder.encode(value), status: status, headers: headers, cacheable: cacheable)
    }

    /// A JSON response for a body whose JSON is written by hand (``HandWrittenJSON``).
    package static func make(
        _ value: some HandWrittenJSON, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:], cacheable: Bool = false
    ) -> Response {
        var object = JSONObjectWriter()
        value.writeJSON(to: &object)
        return raw(Data(object.json.utf8), status: status, headers: headers, cacheable: cacheable)
    }

    /// A response over already-encoded JSON.
    package static func raw(_ json: Data, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:], cacheable: Bool = false) -> Response {
        var fields = headers
        fields[.contentType] = "application/json"
        if cacheable {
            fields[.cacheControl] = "public, max-age=300"
        } else {
            fields[.cacheControl] = "no-store"
            fields[.pragma] = "no-cache"
        }
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: json)))
    }

    /// A `302 Found` to `location`.
    package static func redirect(to location: String, status: HTTPResponse.Status = .found) -> Response {
        Response(status: status, headers: [.location: location, .cacheControl: "no-store"])
    }
}

extension Request {
    /// `JSONDecoder.identityWire` made once (it is a new decoder at each use).
    private static let wireDecoder = JSONDecoder.identityWire

    /// Decodes a JSON body in the wire format: a body of another media type is
    /// `415 unsupported_media_type` (so no form or text a browser can send cross-site without
    /// a preflight is ever read as JSON), a malformed one `400 invalid_request`.
    package func decodeJSON<Value: Decodable>(_: Value.Type, context: ServerRequestContext) async throws -> Value {
        guard let mediaType, mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json"))
        else {
            throw ServerError(APIErrorCode.unsupportedMediaType, "the body must be application/json")
        }
        var request = self
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        if let value = body.withUnsafeReadableBytes({ CompactJSON.value(Value.self, from: $0) }) { return value }
        do {
            return try Self.wireDecoder.decode(Value.self, from: Data(buffer: body))
        } catch {
            throw ServerError.invalidRequest("The body is not the expected JSON: \(DecodingFailure.describe(error))")
        }
    }

    /// Like ``decodeJSON(_:context:)``, but a request without a body (no `Content-Type` and
    /// nothing sent) is `nil`, for inputs whose fields all have defaults.
    package func decodeOptionalJSON<Value: Decodable>(_: Value.Type, context: ServerRequestContext) async throws -> Value? {
        if headers[.contentType] == nil {
            var request = self
            guard try await request.collectBody(upTo: context.maxUploadSize).readableBytes == 0 else {
                throw ServerError(APIErrorCode.unsupportedMediaType, "the body must be application/json")
            }
            return nil
        }
        return try await decodeJSON(Value.self, context: context)
    }
}

/// A short, secret-free account of a decoding failure.
package enum DecodingFailure {
    package static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "missing field '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong type at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
        default: "malformed JSON"
        }
    }
}

extension HTTPField.Name {
    /// `Pragma` (RFC 9111 §5.4, deprecated): `no-cache` beside `Cache-Control` for HTTP/1.0 caches.
    package static let pragma = Self("Pragma")!
}
