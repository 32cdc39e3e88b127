public import X509

/// Which attestations a relying party accepts. The default accepts every format verified here
/// without asking for a trusted root (what most sites do: passkeys from any authenticator);
/// an operator who wants hardware proof names roots and, optionally, the models allowed.
public struct AttestationPolicy: Sendable {
    /// The formats accepted.
    public var formats: Set<AttestationFormat>
    /// Roots an attestation certificate chain must end at; empty: chains are not required.
    public var trustedRoots: [Certificate]
    /// The authenticator models (AAGUIDs) allowed; `nil`: any.
    public var allowedAAGUIDs: Set<[UInt8]>?

    public init(
        formats: Set<AttestationFormat> = Set(AttestationFormat.allCases), trustedRoots: [Certificate] = [],
        allowedAAGUIDs: Set<[UInt8]>? = nil
    ) {
        self.formats = formats
        self.trustedRoots = trustedRoots
        self.allowedAAGUIDs = allowedAAGUIDs
    }

    /// Whether this policy asks for proof of the authenticator's model.
    public var requiresTrustedAttestation: Bool { !trustedRoots.isEmpty || allowedAAGUIDs != nil }
}
