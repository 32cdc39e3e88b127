public import Foundation

// Credential extension (a second device), DESIGN.md §3 "Extension":
// A opens a session (signed by its credential) and shows a rotating 9-digit code;
// B claims it with a CSR; A endorses B's certificate draft; the server issues B's certificate.

/// Device A opens an extension session for the signing credential.
public typealias OpenExtensionRequest = SignedCredentialRequest

/// A session as its holder (device A) first sees it.
public struct OpenedExtension: Codable, Sendable, Equatable {
    public var sessionID: String
    /// The secret A polls, rotates, endorses and cancels with.
    public var secret: String
    public var code: ExtensionCode
    /// Seconds until the whole session ends.
    public var expiresIn: Int

    /// Creates a session.
    public init(sessionID: String, secret: String, code: ExtensionCode, expiresIn: Int) {
        self.sessionID = sessionID
        self.secret = secret
        self.code = code
        self.expiresIn = expiresIn
    }

    enum CodingKeys: String, CodingKey {
        case sessionID = "session_id"
        case secret, code
        case expiresIn = "expires_in"
    }
}

/// The current code of a session: 9 digits, replaced after `expiresIn` seconds.
public struct ExtensionCode: Codable, Sendable, Equatable {
    public var code: String
    public var expiresIn: Int
    /// The session's version once this code was set (see ``ExtensionStatusRequest/afterVersion``).
    public var version: Int64

    /// Creates a code.
    public init(code: String, expiresIn: Int, version: Int64) {
        self.code = code
        self.expiresIn = expiresIn
        self.version = version
    }

    enum CodingKeys: String, CodingKey {
        case code
        case expiresIn = "expires_in"
        case version
    }
}

/// Names a session and proves the caller's part in it (A's secret or B's claim secret).
public struct ExtensionSessionReference: Codable, Sendable, Equatable {
    public var sessionID: String
    public var secret: String

    /// Creates a reference.
    public init(sessionID: String, secret: String) {
        self.sessionID = sessionID
        self.secret = secret
    }

    enum CodingKeys: String, CodingKey {
        case sessionID = "session_id"
        case secret
    }
}

/// Long-polls a session: the server answers when its version passes `afterVersion`, or after
/// `wait` seconds (at most ``ExtensionStatusRequest/maximumWait``).
public struct ExtensionStatusRequest: Codable, Sendable, Equatable {
    public var sessionID: String
    public var secret: String
    public var afterVersion: Int64?
    public var wait: Int?

    /// The longest wait the server grants.
    public static let maximumWait = 25

    /// Creates a request.
    public init(sessionID: String, secret: String, afterVersion: Int64? = nil, wait: Int? = nil) {
        self.sessionID = sessionID
        self.secret = secret
        self.afterVersion = afterVersion
        self.wait = wait
    }

    enum CodingKeys: String, CodingKey {
        case sessionID = "session_id"
        case secret
        case afterVersion = "after_version"
        case wait
    }
}

/// A session as one of its devices sees it.
public struct ExtensionStatus: Codable, Sendable, Equatable {
    /// One of ``ExtensionStateWire``.
    public var state: String
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
        state: String, version: Int64, codeExpiresIn: Int? = nil, certificateDraft: String? = nil,
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

/// A's endorsement of B: an ECDSA P-256 signature of the draft's `tbsCertificate`, with A's
/// own certificate chain (leaf first), which becomes the rest of B's chain.
public struct EndorseExtensionRequest: Codable, Sendable, Equatable {
    public var sessionID: String
    public var secret: String
    /// DER-encoded ECDSA P-256 signature, base64url.
    public var signature: String
    public var certificateChain: [String]

    /// Creates a request.
    public init(sessionID: String, secret: String, signature: String, certificateChain: [String]) {
        self.sessionID = sessionID
        self.secret = secret
        self.signature = signature
        self.certificateChain = certificateChain
    }

    enum CodingKeys: String, CodingKey {
        case sessionID = "session_id"
        case secret, signature
        case certificateChain = "certificate_chain"
    }
}

/// Device B claims a session with the code A shows and a CSR for its new key.
public struct ClaimExtensionRequest: Codable, Sendable, Equatable {
    /// The 9 digits.
    public var code: String
    /// The PEM-encoded PKCS#10 CSR for a P-256 key.
    public var csr: String
    public var deviceName: String?

    /// Creates a request.
    public init(code: String, csr: String, deviceName: String? = nil) {
        self.code = code
        self.csr = csr
        self.deviceName = deviceName
    }

    enum CodingKeys: String, CodingKey {
        case code, csr
        case deviceName = "device_name"
    }
}

/// Extension session states on the wire.
public enum ExtensionStateWire {
    /// A shows a code; nobody has claimed it.
    public static let open = "open"
    /// B has claimed; A has to endorse.
    public static let claimed = "claimed"
    /// B's credential is issued.
    public static let complete = "complete"
    /// A cancelled.
    public static let cancelled = "cancelled"
    /// Ended by an error (see ``ExtensionStatus/failure``).
    public static let failed = "failed"

    /// Whether nothing more will happen to a session in `state`.
    public static func isFinal(_ state: String) -> Bool {
        state == complete || state == cancelled || state == failed
    }
}

/// Asks for the current state of credentials, by id.
public struct CredentialStatusRequest: Codable, Sendable, Equatable {
    public var credentialIDs: [String]

    /// Creates a request.
    public init(credentialIDs: [String]) { self.credentialIDs = credentialIDs }

    enum CodingKeys: String, CodingKey {
        case credentialIDs = "credential_ids"
    }
}

/// The state of each asked-for credential: ``CredentialStateWire`` values, plus
/// `suspended` and `deleted` for an identity in that status, and `unknown`.
public struct CredentialStatusResponse: Codable, Sendable, Equatable {
    public var states: [String: String]

    /// Creates a response.
    public init(states: [String: String]) { self.states = states }
}
