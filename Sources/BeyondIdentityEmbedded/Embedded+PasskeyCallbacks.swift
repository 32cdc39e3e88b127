public import Foundation

/// The callback forms of the 2.x calls in `Embedded+Passkeys.swift`; each runs the `async` form
/// on a new task and delivers its result on ``Embedded/callbackQueue``.
extension Embedded {
    /// Callback form of ``bindPasskey(url:)``.
    public func bindPasskey(url: URL, callback: @escaping @Sendable (Result<BindPasskeyResponse, BISDKError>) -> Void) {
        deliver(callback) { () async throws(BISDKError) in try await self.bindPasskey(url: url) }
    }

    /// Callback form of ``getPasskeys()``.
    public func getPasskeys(callback: @escaping @Sendable (Result<[Passkey], BISDKError>) -> Void) {
        deliver(callback) { () async throws(BISDKError) in try await self.getPasskeys() }
    }

    /// Callback form of ``deletePasskey(for:)``.
    public func deletePasskey(for id: Passkey.Id, callback: @escaping @Sendable (Result<Void, BISDKError>) -> Void) {
        deliver(callback) { () async throws(BISDKError) in try await self.deletePasskey(for: id) }
    }

    /// Callback form of ``authenticate(url:id:)``.
    public func authenticate(
        url: URL, id: Passkey.Id, callback: @escaping @Sendable (Result<AuthenticateResponse, BISDKError>) -> Void
    ) {
        deliver(callback) { () async throws(BISDKError) in try await self.authenticate(url: url, id: id) }
    }

    /// Callback form of ``authenticateOtp(url:email:)``.
    public func authenticateOtp(
        url: URL, email: String, callback: @escaping @Sendable (Result<OtpChallengeResponse, BISDKError>) -> Void
    ) {
        deliver(callback) { () async throws(BISDKError) in try await self.authenticateOtp(url: url, email: email) }
    }

    /// Callback form of ``redeemOtp(url:otp:)``.
    public func redeemOtp(
        url: URL, otp: String, callback: @escaping @Sendable (Result<RedeemOtpResponse, BISDKError>) -> Void
    ) {
        deliver(callback) { () async throws(BISDKError) in try await self.redeemOtp(url: url, otp: otp) }
    }
}
