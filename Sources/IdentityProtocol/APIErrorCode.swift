/// Error codes of the device and admin APIs (OAuth endpoints use RFC 6749's codes).
public enum APIErrorCode: String, Sendable, CaseIterable {
    /// The request body or parameters are malformed.
    case invalidRequest = "invalid_request"
    /// The resource does not exist.
    case notFound = "not_found"
    /// A resource with the same unique key exists.
    case conflict = "conflict"
    /// The admin token is missing, unknown, expired or revoked.
    case unauthorized = "unauthorized"
    /// The admin token is scoped to one tenant and the request needs a token for all of them.
    case forbidden = "forbidden"
    /// The binding token is unknown, expired or already used.
    case invalidBindingToken = "invalid_binding_token"
    /// The certificate signing request is malformed, not P-256, or its signature does not verify.
    case invalidCSR = "invalid_csr"
    /// The authentication transaction is unknown, expired or already used.
    case invalidTransaction = "invalid_transaction"
    /// A signature does not verify with the credential's key.
    case invalidSignature = "invalid_signature"
    /// The certificate chain was not issued by this realm's authority, or does not match the credential.
    case invalidCertificateChain = "invalid_certificate_chain"
    /// The credential is unknown or has been revoked.
    case credentialRevoked = "credential_revoked"
    /// The identity is suspended or deleted.
    case identityInactive = "identity_inactive"
    /// The extension code is wrong, or was replaced by a newer one.
    case invalidExtensionCode = "invalid_extension_code"
    /// The extension code (or its whole session) has expired.
    case extensionCodeExpired = "extension_code_expired"
    /// The extension code has already been claimed by a device.
    case extensionCodeUsed = "extension_code_used"
    /// The extension was cancelled on the device that showed the code.
    case extensionCancelled = "extension_cancelled"
    /// The device that showed the code stopped answering.
    case extensionAbandoned = "extension_abandoned"
    /// The endorsement does not verify for the claimed key, or the device's chain is not its credential's.
    case invalidEndorsement = "invalid_endorsement"
    /// The extension session is unknown, or the secret is not one of its devices'.
    case invalidExtensionSession = "invalid_extension_session"
    /// The session is not in a state that allows this step.
    case extensionStateConflict = "extension_state_conflict"
    /// The cross-device sign-in code is wrong, or its sign-in is gone.
    case invalidSignInCode = "invalid_sign_in_code"
    /// The cross-device sign-in was not approved in time.
    case signInExpired = "sign_in_expired"
    /// The cross-device sign-in was approved or declined already (on this or another device).
    case signInAlreadyDecided = "sign_in_already_decided"
    /// The email code challenge is unknown, used up (too many wrong codes), or already redeemed.
    case invalidEmailCodeChallenge = "invalid_email_code_challenge"
    /// The email code has expired (10 minutes).
    case emailCodeExpired = "email_code_expired"
    /// The application does not offer email codes.
    case emailCodesNotOffered = "email_codes_not_offered"
    /// The sign-in asks for more assurance than this way of signing in gives (OIDC's `unmet_authentication_requirements`).
    case unmetAuthenticationRequirements = "unmet_authentication_requirements"
    /// A signed device request that was already accepted once (a replay).
    case replayedRequest = "replayed_request"
    /// A passkey's registration or assertion does not verify (WebAuthn), or the passkey is not
    /// registered in the realm; the description says which check failed.
    case invalidPasskey = "invalid_passkey"
    /// Too many attempts; retry after the `Retry-After` seconds.
    case rateLimited = "rate_limited"
    /// The request body is larger than the server accepts.
    case payloadTooLarge = "payload_too_large"
    /// The request line is longer than the server reads (`414`).
    case uriTooLong = "uri_too_long"
    /// The request's header fields are too large or too many (`431`).
    case headerFieldsTooLarge = "header_fields_too_large"
    /// Storage is down, full or read-only; retry after the `Retry-After` seconds (the same
    /// code as RFC 6749 §4.1.2.1's).
    case temporarilyUnavailable = "temporarily_unavailable"
    /// A JSON endpoint was sent a body that is not `application/json`.
    case unsupportedMediaType = "unsupported_media_type"
    /// A browser's cross-origin request from an origin no application of the realm allows.
    case originNotAllowed = "origin_not_allowed"
    /// The mail relay refused or could not take an email the request had to send.
    case mailDeliveryFailed = "mail_delivery_failed"
}
