package import HTTPTypes
package import IdentityProtocol

extension APIErrorCode {
    /// The status an error with this code answers with, unless a caller says otherwise.
    package var status: HTTPResponse.Status {
        switch self {
        case .invalidRequest, .invalidBindingToken, .invalidCSR, .invalidTransaction, .invalidExtensionCode,
             .extensionCodeExpired, .extensionCodeUsed, .extensionCancelled, .extensionAbandoned, .invalidEndorsement,
             .invalidSignInCode, .signInExpired, .invalidEmailCodeChallenge, .emailCodeExpired, .unmetAuthenticationRequirements,
             .invalidPasskey:
            .badRequest
        case .unauthorized, .invalidSignature, .invalidCertificateChain, .invalidExtensionSession, .replayedRequest:
            .unauthorized
        case .forbidden, .credentialRevoked, .identityInactive, .originNotAllowed, .emailCodesNotOffered: .forbidden
        case .notFound: .notFound
        case .conflict, .extensionStateConflict, .signInAlreadyDecided: .conflict
        case .rateLimited: .tooManyRequests
        case .payloadTooLarge: .contentTooLarge
        case .uriTooLong: .uriTooLong
        case .headerFieldsTooLarge: .requestHeaderFieldsTooLarge
        case .unsupportedMediaType: .unsupportedMediaType
        case .temporarilyUnavailable: .serviceUnavailable
        case .mailDeliveryFailed: .badGateway
        }
    }
}
