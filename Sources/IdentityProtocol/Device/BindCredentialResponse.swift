import Foundation

/// The server's answer to ``BindCredentialRequest``: the credential and its certificate chain.
public struct BindCredentialResponse: Codable, Sendable, Equatable {
    /// The credential's metadata.
    public var credential: CredentialDescriptor
    /// PEM certificates, leaf first, then the realm's root.
    public var certificateChain: [String]
    /// Where the app should send the user after binding, if the binding job named one.
    public var postBindingRedirectURI: String?

    /// Creates a response.
    public init(credential: CredentialDescriptor, certificateChain: [String], postBindingRedirectURI: String?) {
        self.credential = credential
        self.certificateChain = certificateChain
        self.postBindingRedirectURI = postBindingRedirectURI
    }

    enum CodingKeys: String, CodingKey {
        case credential
        case certificateChain = "certificate_chain"
        case postBindingRedirectURI = "post_binding_redirect_uri"
    }
}
