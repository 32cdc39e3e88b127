public import BeyondIdentityResourceServer
import Foundation
import HTTPTypes
public import Hummingbird

/// Lets a request through only with an access token ``AccessTokenVerifier`` accepts (and, for
/// a DPoP-bound token, a proof of its key for this request); anything else is answered with the
/// RFC's status, `WWW-Authenticate` challenges and `{"error", "error_description"}`.
public struct AccessTokenMiddleware<Context: AccessTokenRequestContext>: RouterMiddleware {
    private let verifier: AccessTokenVerifier
    private let publicBaseURL: String
    private let requiredScope: String?

    /// A middleware that verifies with `verifier`.
    ///
    /// - Parameters:
    ///   - publicBaseURL: Where clients reach this server (`https://api.example`), since DPoP
    ///     proofs name the URL the client used, which a proxy may have rewritten.
    ///   - scope: A scope every token must have been granted; refused with `403 insufficient_scope`.
    public init(verifier: AccessTokenVerifier, publicBaseURL: String, requiring scope: String? = nil) {
        self.verifier = verifier
        self.publicBaseURL = publicBaseURL.hasSuffix("/") ? String(publicBaseURL.dropLast()) : publicBaseURL
        requiredScope = scope
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let token: VerifiedAccessToken
        do throws(AccessTokenError) {
            token = try await verifier.verify(
                authorization: request.headers[.authorization], dpop: request.headers[values: .dpop],
                method: request.method.rawValue, url: publicBaseURL + request.uri.path)
        } catch {
            return Self.refusal(
                status: .init(code: error.status), code: error.code, description: error.clientDescription, challenges: error.challenges)
        }
        if let requiredScope, !token.has(scope: requiredScope) {
            let description = "the access token was not granted the \(requiredScope) scope"
            // The challenge of the scheme the token came with (RFC 9449 §7.1).
            let scheme = token.keyThumbprint == nil ? "Bearer" : "DPoP"
            return Self.refusal(status: .forbidden, code: "insufficient_scope", description: description, challenges: [
                #"\#(scheme) error="insufficient_scope", scope="\#(requiredScope)""#])
        }
        var context = context
        context.accessToken = token
        return try await next(request, context)
    }

    private static func refusal(status: HTTPResponse.Status, code: String?, description: String, challenges: [String]) -> Response {
        var headers: HTTPFields = [.contentType: "application/json", .cacheControl: "no-store"]
        for challenge in challenges { headers.append(HTTPField(name: .wwwAuthenticate, value: challenge)) }
        let body = (try? JSONEncoder().encode(["error": code ?? "unauthorized", "error_description": description])) ?? Data()
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

extension HTTPField.Name {
    /// `DPoP` (RFC 9449 §4.1).
    fileprivate static let dpop = Self("DPoP")!
}
