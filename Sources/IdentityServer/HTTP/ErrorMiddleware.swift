import HTTPTypes
import Hummingbird
import IdentityProtocol
import IdentityStorage
import Logging
import NIOCore

/// Turns every error into `{"error", "error_description"}` with the right status. Bad input
/// never becomes a 500; an unexpected error does, with a generic body and a log line.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as ServiceError {
            return Self.response(for: error)
        } catch is NIOTooManyBytesError {
            return Self.response(for: ServiceError(.payloadTooLarge, APIErrorCode.payloadTooLarge, "the body is larger than 64 KiB"))
        } catch let error as StorageError where error == .notFound {
            return Self.response(for: .notFound("no such resource"))
        } catch let error as StorageError where error == .alreadyExists {
            return Self.response(for: ServiceError(.conflict, APIErrorCode.conflict, "a resource with the same unique key exists"))
        } catch let error as HTTPError where (400..<500).contains(error.status.code) {
            let code = error.status == .contentTooLarge ? APIErrorCode.payloadTooLarge : APIErrorCode.invalidRequest
            let kind: ServiceError.Kind = error.status == .contentTooLarge ? .payloadTooLarge : .badRequest
            let response = Self.response(for: ServiceError(kind, code, error.body ?? error.status.reasonPhrase))
            return error.status == .notFound || error.status == .methodNotAllowed
                ? Response(status: error.status, headers: response.headers, body: response.body) : response
        } catch {
            context.logger.error("unexpected error", metadata: ["error": "\(String(reflecting: type(of: error)))"])
            return Self.response(status: .internalServerError, body: APIErrorBody(error: OAuthErrorCode.serverError, errorDescription: "internal error"))
        }
    }

    static func response(for error: ServiceError) -> Response {
        var headers = HTTPFields()
        let status: HTTPResponse.Status
        switch error.kind {
        case .badRequest: status = .badRequest
        case .unauthorized: status = .unauthorized
        case .forbidden: status = .forbidden
        case .notFound: status = .notFound
        case .conflict: status = .conflict
        case .payloadTooLarge: status = .contentTooLarge
        case .invalidClient(let challenge):
            status = .unauthorized
            if let challenge { headers[.wwwAuthenticate] = challenge }
        case .tooManyRequests(let retryAfter):
            status = .tooManyRequests
            headers[.retryAfter] = String(retryAfter)
        case .invalidToken:
            status = .unauthorized
            headers[.wwwAuthenticate] = "Bearer error=\"invalid_token\", error_description=\"\(error.description)\""
        }
        return response(status: status, body: APIErrorBody(error: error.code, errorDescription: error.description), headers: headers)
    }

    private static func response(status: HTTPResponse.Status, body: APIErrorBody, headers: HTTPFields = [:]) -> Response {
        (try? JSONResponse.make(body, status: status, headers: headers))
            ?? Response(status: status)
    }
}
