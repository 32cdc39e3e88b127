/// The progress of ``Embedded/extendCredentials(handles:)``, in order: `started`, any number
/// of `tokenUpdated`, then `done` or `aborted`.
public enum ExtendCredentialsStatus: Sendable {
    /// The first code to show the user (and its QR code, when one can be made).
    case started(CredentialToken, QRCode?)
    /// The server replaced the code (every 90 s by default); show the new one.
    case tokenUpdated(CredentialToken, QRCode?)
    /// The other device has its credential.
    case done
    /// The extension was cancelled (``Embedded/cancelExtendCredentials()``, or the caller
    /// stopped listening); the code no longer works.
    case aborted
}
