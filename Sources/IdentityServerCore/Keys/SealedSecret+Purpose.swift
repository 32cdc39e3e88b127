package import IdentityStorage

extension SealedSecret.Owner {
    /// What the secret is sealed for, bound as authenticated data: a sealed CA key cannot be
    /// opened as a signing key, nor as another realm's.
    package var purpose: String {
        switch self {
        case .realmAuthority(let realmID): "realm-ca:\(realmID)"
        case .signingKey(let kid, _): "signing-key:\(kid)"
        case .webhookSecret(let endpointID, _): "webhook-secret:\(endpointID)"
        case .mailMessage(let deliveryID): "mail-message:\(deliveryID)"
        }
    }
}
