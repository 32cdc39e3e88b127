import Foundation

/// Query parameter names of the URLs that reach the device: the registration redirect
/// (enrollment) and the invoke URL (authentication).
public enum DeviceURLParameter {
    /// The API base URL of the server that issued the URL.
    public static let apiBaseURL = "api_base_url"
    /// The single-use binding token of an enrollment link.
    public static let bindingToken = "token"
    /// The reference of an authentication transaction.
    public static let transaction = "transaction"
}
