import IdentityServerCore

/// What the waiting page shows.
struct WaitingPage: Sendable {
    let assets: String
    let application: String
    /// The page's own path (its status and this-device links hang under it).
    let page: String
    let qr: String
    let qrSize: Int
    let code: String
    let url: String
    let secondsLeft: Int
    let timeLeft: String
    let offerThisDevice: Bool
}
