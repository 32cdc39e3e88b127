/// Error codes of the device and admin APIs (OAuth endpoints use RFC 6749's codes).
public enum APIErrorCode {
    /// The request body or parameters are malformed.
    public static let invalidRequest = "invalid_request"
    /// The resource does not exist.
    public static let notFound = "not_found"
    /// A resource with the same unique key exists.
    public static let conflict = "conflict"
    /// The admin token is missing or wrong.
    public static let unauthorized = "unauthorized"
    /// The binding token is unknown, expired or already used.
    public static let invalidBindingToken = "invalid_binding_token"
    /// The certificate signing request is malformed, not P-256, or its signature does not verify.
    public static let invalidCSR = "invalid_csr"
    /// The authentication transaction is unknown, expired or already used.
    public static let invalidTransaction = "invalid_transaction"
    /// A signature does not verify with the credential's key.
    public static let invalidSignature = "invalid_signature"
    /// The certificate chain was not issued by this realm's authority, or does not match the credential.
    public static let invalidCertificateChain = "invalid_certificate_chain"
    /// The credential is unknown or has been revoked.
    public static let credentialRevoked = "credential_revoked"
    /// The identity is suspended or deleted.
    public static let identityInactive = "identity_inactive"
    /// The extension code is wrong, or was replaced by a newer one.
    public static let invalidExtensionCode = "invalid_extension_code"
    /// The extension code (or its whole session) has expired.
    public static let extensionCodeExpired = "extension_code_expired"
    /// The extension code has already been claimed by a device.
    public static let extensionCodeUsed = "extension_code_used"
    /// The extension was cancelled on the device that showed the code.
    public static let extensionCancelled = "extension_cancelled"
    /// The device that showed the code stopped answering.
    public static let extensionAbandoned = "extension_abandoned"
    /// The endorsement does not verify for the claimed key, or the device's chain is not its credential's.
    public static let invalidEndorsement = "invalid_endorsement"
    /// The extension session is unknown, or the secret is not one of its devices'.
    public static let invalidExtensionSession = "invalid_extension_session"
    /// The session is not in a state that allows this step.
    public static let extensionStateConflict = "extension_state_conflict"
    /// Too many attempts; retry after the `Retry-After` seconds.
    public static let rateLimited = "rate_limited"
    /// The request body is larger than the server accepts.
    public static let payloadTooLarge = "payload_too_large"
}
