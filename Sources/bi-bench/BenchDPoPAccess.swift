import Foundation

/// A DPoP key with the server's current nonce (RFC 9449 §8), and an access token bound to the
/// key once one is issued.
struct BenchDPoPAccess: Sendable {
    let key: BenchDPoPKey
    let nonce: String
    var accessToken = ""
}
