package import Foundation
import HTTPTypes
import IdentityProtocol
package import IdentityStorage
package import IdentityServerCore

/// Authenticates the client at the token endpoint with the method it registered
/// (RFC 6749 §2.3.1): `client_secret_basic`, `client_secret_post` or `none`.
package struct ClientAuthentication {
    package let store: any ProviderStore
    package let now: @Sendable () -> Date

    /// The credentials a request presents.
    package struct Presented {
        /// From `Authorization: Basic`, form-urlencoded then base64 (RFC 6749 §2.3.1).
        package var basic: (clientID: String, secret: String)?
        package var formClientID: String?
        package var formSecret: String?
    }

    /// The application the request authenticates as (its `Authorization` header and form
    /// fields), which must be a client of the issuer `{tenant, realm}`: `401 invalid_client`
    /// otherwise, with a Basic challenge when the client tried Basic.
    package func authenticate(form: FormParameters, authorization: String?, tenantID: String, realmID: String) async throws -> ApplicationRecord {
        try await authenticate(try Self.presented(authorization: authorization, form: form), tenantID: tenantID, realmID: realmID)
    }

    /// Reads the `Authorization` header and the form fields.
    private static func presented(authorization: String?, form: FormParameters) throws -> Presented {
        var presented = Presented(formClientID: try form.single("client_id"), formSecret: try form.single("client_secret"))
        if let authorization, authorization.lowercased().hasPrefix("basic ") {
            guard let basic = basicCredentials(authorization) else { throw Self.failure("malformed Basic credentials", basic: true) }
            presented.basic = basic
        }
        return presented
    }

    /// The client id and secret of `Authorization: Basic …`, each form-urlencoded then the
    /// pair base64 (RFC 6749 §2.3.1); `nil` for another scheme or a malformed value.
    package static func basicCredentials(_ authorization: String) -> (clientID: String, secret: String)? {
        guard authorization.lowercased().hasPrefix("basic "),
              let decoded = Data(base64Encoded: String(authorization.dropFirst(6).trimmingHTTPWhitespace)),
              let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":"),
              let id = String(text[..<colon]).removingPercentEncoding,
              let secret = String(text[text.index(after: colon)...]).removingPercentEncoding
        else { return nil }
        return (id, secret)
    }

    /// The authenticated application, which must belong to the issuer's tenant and realm.
    private func authenticate(_ presented: Presented, tenantID: String, realmID: String) async throws -> ApplicationRecord {
        if presented.basic != nil, presented.formSecret != nil {
            throw ServerError.invalidRequest("use one client authentication method, not two")
        }
        let usedBasic = presented.basic != nil
        guard let clientID = presented.basic?.clientID ?? presented.formClientID else {
            throw Self.failure("client authentication is missing", basic: usedBasic)
        }
        if let formClientID = presented.formClientID, formClientID != clientID {
            throw ServerError.invalidRequest("client_id does not match the authenticated client")
        }
        guard let application = try await store.application(clientID: clientID),
              application.tenantID == tenantID, application.realmID == realmID
        else {
            throw Self.failure("unknown client", basic: usedBasic)
        }
        let secret: String?
        switch application.tokenEndpointAuthMethod {
        case .clientSecretBasic: secret = presented.basic?.secret
        case .clientSecretPost: secret = usedBasic ? nil : presented.formSecret
        case .none:
            guard !usedBasic, presented.formSecret == nil else {
                throw Self.failure("this client authenticates with method none", basic: usedBasic)
            }
            return application
        }
        guard let secret, application.accepts(secretHash: Secrets.hash(secret), at: now()) else {
            throw Self.failure("client authentication failed", basic: usedBasic)
        }
        return application
    }

    private static func failure(_ description: String, basic: Bool) -> ServerError {
        .invalidClient(description, triedBasic: basic)
    }
}
