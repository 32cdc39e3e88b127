import Foundation
import IdentityProtocol

/// JSON and form requests over an ``HTTPTransport``, with the server's error bodies mapped to
/// ``BISDKError``.
struct APIClient: Sendable {
    let transport: any HTTPTransport

    /// Which error vocabulary a response uses.
    enum Vocabulary {
        /// The device API: ``APIErrorCode``.
        case device
        /// The device API's cross-device sign-in: ``APIErrorCode``, its rate limit a ``CrossDeviceFailure``.
        case crossDevice
        /// The device API's email one-time codes: ``APIErrorCode``, its rate limit an ``EmailCodeFailure``.
        case emailCode
        /// OAuth endpoints: RFC 6749 codes, all reported as ``BISDKError/authorizationFailed(code:description:)``.
        case oauth
    }

    /// `GET url`, decoding a JSON body.
    func get<Response: Decodable>(_ url: URL, as _: Response.Type = Response.self) async throws -> Response {
        try decode(try await send(HTTPRequest(method: "GET", url: url, headers: ["Accept": "application/json"]), .device))
    }

    /// `POST url` with a JSON body, decoding a JSON body.
    func post<Response: Decodable>(
        _ url: URL, json body: some Encodable, vocabulary: Vocabulary = .device, as _: Response.Type = Response.self
    ) async throws -> Response {
        let request = HTTPRequest(
            method: "POST", url: url,
            headers: ["Content-Type": "application/json", "Accept": "application/json"],
            body: try JSONEncoder.identityWire.encode(body))
        return try decode(try await send(request, vocabulary))
    }

    /// `POST url` with an `application/x-www-form-urlencoded` body (an OAuth endpoint), decoding
    /// a JSON body; with `dpop`, the request carries a proof of its key.
    func post<Response: Decodable>(
        _ url: URL, form fields: [(String, String)], dpop: DPoPSigner? = nil, as _: Response.Type = Response.self
    ) async throws -> Response {
        let request = HTTPRequest(
            method: "POST", url: url,
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"],
            body: Data(FormEncoding.encode(fields).utf8))
        guard let dpop else { return try decode(try await send(request, .oauth)) }
        let response = try await dpop.send(request)
        guard (200..<300).contains(response.status) else { throw Self.error(for: response, .oauth) }
        return try decode(response)
    }

    /// `POST url` with a form body to an OAuth endpoint whose success has no body to read
    /// (revocation, RFC 7009 §2.2; logout).
    func post(_ url: URL, form fields: [(String, String)]) async throws {
        _ = try await send(HTTPRequest(
            method: "POST", url: url, headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Data(FormEncoding.encode(fields).utf8)), .oauth)
    }

    /// `GET url` of an OAuth endpoint that answers with a redirect; returns the absolute `Location`.
    func redirectLocation(of url: URL) async throws -> URL {
        let response = try await transport.send(HTTPRequest(method: "GET", url: url))
        guard (300..<400).contains(response.status) else {
            throw Self.error(for: response, .oauth)
        }
        guard let location = response.header("Location"), let target = URL(string: location, relativeTo: url) else {
            throw BISDKError.invalidServerResponse("redirect \(response.status) without a usable Location")
        }
        return target.absoluteURL
    }

    private func send(_ request: HTTPRequest, _ vocabulary: Vocabulary) async throws -> HTTPResponse {
        let response = try await transport.send(request)
        guard (200..<300).contains(response.status) else { throw Self.error(for: response, vocabulary) }
        return response
    }

    private func decode<Response: Decodable>(_ response: HTTPResponse) throws -> Response {
        do {
            return try JSONDecoder.identityWire.decode(Response.self, from: response.body)
        } catch {
            throw BISDKError.invalidServerResponse("cannot decode \(Response.self): \(error)")
        }
    }

    /// The ``BISDKError`` for a response that is not a success.
    static func error(for response: HTTPResponse, _ vocabulary: Vocabulary) -> BISDKError {
        guard let body = try? JSONDecoder.identityWire.decode(APIErrorBody.self, from: response.body) else {
            return .invalidServerResponse("HTTP \(response.status) without an error body")
        }
        if vocabulary == .oauth { return .authorizationFailed(code: body.error, description: body.errorDescription) }
        let retryAfter = response.header("Retry-After").flatMap { Int($0) }
        if APIErrorCode(rawValue: body.error) == .rateLimited {
            switch vocabulary {
            case .crossDevice: return .crossDeviceFailed(.rateLimited(retryAfter: retryAfter))
            case .emailCode: return .emailCodeFailed(.rateLimited(retryAfter: retryAfter))
            default: break
            }
        }
        return error(for: body, status: response.status, retryAfter: retryAfter)
    }

    /// The ``BISDKError`` for a device-API error body.
    static func error(for body: APIErrorBody, status: Int, retryAfter: Int? = nil) -> BISDKError {
        let description = body.errorDescription
        switch APIErrorCode(rawValue: body.error) {
        case .invalidSignInCode?: return .crossDeviceFailed(.unknownCode)
        case .signInExpired?: return .crossDeviceFailed(.expired)
        case .signInAlreadyDecided?: return .crossDeviceFailed(.alreadyDecided)
        case .invalidEmailCodeChallenge?: return .emailCodeFailed(.invalidChallenge)
        case .emailCodeExpired?: return .emailCodeFailed(.expired)
        case .emailCodesNotOffered?: return .emailCodeFailed(.notOffered)
        case .unmetAuthenticationRequirements?: return .unmetAuthenticationRequirements(description)
        case .invalidBindingToken?: return .invalidBindingToken(description)
        case .invalidTransaction?: return .invalidTransaction(description)
        case .credentialRevoked?: return .credentialRevoked(description)
        case .identityInactive?: return .identityInactive(description)
        case .invalidExtensionCode?: return .extensionFailed(.wrongCode)
        case .extensionCodeExpired?: return .extensionFailed(.codeExpired)
        case .extensionCodeUsed?: return .extensionFailed(.codeUsed)
        case .extensionCancelled?: return .extensionFailed(.cancelled)
        case .extensionAbandoned?: return .extensionFailed(.otherDeviceGone)
        case .invalidEndorsement?: return .extensionFailed(.endorsementRejected)
        case .rateLimited?: return .extensionFailed(.rateLimited(retryAfter: retryAfter))
        default: return .serverError(status: status, code: body.error, description: description)
        }
    }
}
