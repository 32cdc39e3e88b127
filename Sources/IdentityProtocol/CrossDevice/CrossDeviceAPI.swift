import Foundation

/// Paths of cross-device sign-in, relative to the server's API base URL: the browser that
/// starts a sign-in shows a sign-in URL (``signInURL``, as a QR code and text); the app on
/// another device reads it, fetches its context, and approves or declines.
public enum CrossDeviceAPI {
    /// `GET ?request=CODE`: the sign-in URL the browser shows. Opened in a browser, it says
    /// to open it in the app.
    public static let signInURL = "/v1/cross-device"
    /// `POST` ``CrossDeviceRequest`` → ``CrossDeviceContext`` (rate-limited per address).
    public static let context = "/v1/device/cross-device/context"
    /// `POST` ``CrossDeviceApproval`` → ``CrossDeviceOutcome``.
    public static let approve = "/v1/device/cross-device/approve"
    /// `POST` ``CrossDeviceRequest`` → ``CrossDeviceOutcome``.
    public static let decline = "/v1/device/cross-device/decline"
    /// The query parameter of ``signInURL`` that carries the code.
    public static let requestParameter = "request"
    /// `GET /v1/sign-ins/{id}`: the page of the browser that started a sign-in (its cookie required).
    public static func page(_ id: String) -> String { "/v1/sign-ins/\(id)" }
}
