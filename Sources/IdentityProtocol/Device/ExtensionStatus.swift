import Foundation

/// A session as one of its devices sees it.
public struct ExtensionStatus: Codable, Sendable, Equatable {
    /// Where the session is.
    public var state: ExtensionState
    public var version: Int64
    /// For A while `open`: seconds until the current code expires.
    public var codeExpiresIn: Int?
    /// For A once `claimed`: B's certificate as drafted (DER, base64url); A signs its
    /// `tbsCertificate` with the credential's key.
    public var certificateDraft: String?
    /// For A once `claimed`: the name B gave.
    public var claimantDeviceName: String?
    /// For B once `complete`: its credential and chain.
    public var credential: BindCredentialResponse?
    /// When `failed` or `cancelled`: why, as an API error.
    public var failure: APIErrorBody?

    /// Creates a status.
    public init(
        state: ExtensionState, version: Int64, codeExpiresIn: Int? = nil, certificateDraft: String? = nil,
        claimantDeviceName: String? = nil, credential: BindCredentialResponse? = nil, failure: APIErrorBody? = nil
    ) {
        self.state = state
        self.version = version
        self.codeExpiresIn = codeExpiresIn
        self.certificateDraft = certificateDraft
        self.claimantDeviceName = claimantDeviceName
        self.credential = credential
        self.failure = failure
    }

    enum CodingKeys: String, CodingKey {
        case state, version
        case codeExpiresIn = "code_expires_in"
        case certificateDraft = "certificate_draft"
        case claimantDeviceName = "claimant_device_name"
        case credential, failure
    }
}
