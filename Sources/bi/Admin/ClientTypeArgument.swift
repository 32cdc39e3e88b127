import ArgumentParser

/// `--type`: checked by the parser, so a wrong value names the flag and the choices.
enum ClientTypeArgument: String, ExpressibleByArgument, CaseIterable {
    /// A backend that keeps a secret.
    case confidential
    /// An app on a device (PKCE, no secret).
    case `public`
}
