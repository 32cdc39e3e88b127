package import Foundation
package import HTTPTypes
package import Hummingbird
package import IdentityServerCore

/// An error of the SCIM service, answered as RFC 7644 §3.12 says: `schemas` (the error
/// message's URN), `status` (the HTTP status as a string), `scimType` (for the `400`s and `409`
/// that have one) and `detail`, as `application/scim+json`.
package struct SCIMError: HTTPResponseError, Equatable {
    package let status: HTTPResponse.Status
    /// `invalidFilter`, `uniqueness`, `invalidSyntax`, `invalidPath`, `noTarget`, `invalidValue`,
    /// `mutability`, `tooMany`, `invalidVers`; `nil` for errors that have none.
    package let scimType: String?
    package let detail: String
    package var headers: HTTPFields = [:]

    package static let messageSchema = "urn:ietf:params:scim:api:messages:2.0:Error"

    package init(_ status: HTTPResponse.Status, _ scimType: String? = nil, _ detail: String, headers: HTTPFields = [:]) {
        (self.status, self.scimType, self.detail, self.headers) = (status, scimType, detail, headers)
    }

    package static func invalidFilter(_ detail: String) -> Self { Self(.badRequest, "invalidFilter", detail) }
    package static func invalidSyntax(_ detail: String) -> Self { Self(.badRequest, "invalidSyntax", detail) }
    package static func invalidValue(_ detail: String) -> Self { Self(.badRequest, "invalidValue", detail) }
    package static func invalidPath(_ detail: String) -> Self { Self(.badRequest, "invalidPath", detail) }
    package static func noTarget(_ detail: String) -> Self { Self(.badRequest, "noTarget", detail) }
    package static func mutability(_ detail: String) -> Self { Self(.badRequest, "mutability", detail) }
    package static func uniqueness(_ detail: String) -> Self { Self(.conflict, "uniqueness", detail) }
    package static func notFound(_ detail: String) -> Self { Self(.notFound, nil, detail) }

    /// `401` with a bearer challenge: no token, or one that does not open this realm's service.
    package static let unauthorized = Self(
        .unauthorized, nil, "a valid provisioning token for this realm is required: 'Authorization: Bearer <token>'",
        headers: [.wwwAuthenticate: #"Bearer realm="scim""#])

    /// The error body.
    package var body: [String: Any] {
        var body: [String: Any] = ["schemas": [Self.messageSchema], "status": String(status.code), "detail": detail]
        body["scimType"] = scimType
        return body
    }

    package func response(from request: Request, context: some RequestContext) throws -> Response {
        SCIMResponse.make(body, status: status, headers: headers)
    }

    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.status == rhs.status && lhs.scimType == rhs.scimType }
}

/// SCIM answers: JSON as `application/scim+json`, never cached.
package enum SCIMResponse {
    package static let contentType = "application/scim+json"

    package static func make(_ object: [String: Any], status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        make(json: json(object), status: status, headers: headers)
    }

    /// An answer whose body is `json`, already written.
    package static func make(json: Data, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = contentType
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: json)))
    }

    /// `object` as JSON, keys sorted, slashes as they are.
    package static func json(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
    }
}

/// Answers every error under the SCIM base as a ``SCIMError``: the server's own errors (a body too
/// large, of another media type, malformed) keep their status, with the SCIM body; storage
/// outages and the rest are answered as ``ErrorMiddleware`` would (counted, logged), in SCIM's form.
package struct SCIMErrorMiddleware: RouterMiddleware {
    package typealias Context = ServerRequestContext
    package let metrics: ServerMetrics

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as SCIMError {
            if (400..<500).contains(error.status.code) {
                metrics.refused(route: context.endpointPath ?? "unmatched", error: error.scimType ?? String(error.status.code))
            }
            return try error.response(from: request, context: context)
        } catch {
            let answer = ErrorMiddleware.answer(for: error, context: context, metrics: metrics)
            let scimType = answer.status == .badRequest ? "invalidSyntax" : nil
            return try SCIMError(answer.status, scimType, answer.description, headers: answer.headers)
                .response(from: request, context: context)
        }
    }
}
