import BeyondIdentityEmbedded
import Foundation
import Testing

/// `BISDKError` is a struct over a private base (so kinds can be added without breaking an app's
/// `switch`), yet reads at call sites as the enum it replaced.
@Suite struct SDKErrorTests {
    @Test func errorsCompareByKindAndDetails() {
        #expect(BISDKError.credentialRevoked("gone") == .credentialRevoked("gone"))
        #expect(BISDKError.credentialRevoked("gone") != .credentialRevoked(nil))
        #expect(BISDKError.credentialRevoked(nil) != .identityInactive(nil))
        #expect(BISDKError.invalidIDToken(.malformed) != .invalidIDToken(.expired))
        #expect(BISDKError.serverError(status: 500, code: "x", description: nil).errorType == .serverError)
        #expect(BISDKError.credentialNotFound.errorType == .credentialNotFound)
        #expect(BISDKError.description("text").errorType == .description)
        #expect(BISDKError.ErrorType.sessionEnded.description == "sessionEnded")
    }

    @Test func casesMatchByKindOrExactly() {
        func kind(_ error: BISDKError) -> String {
            switch error {
            case .userCancelled: "cancelled"
            case .credentialRevoked, .identityInactive: "gone"
            case .userVerificationFailed(.biometryChanged): "biometry changed"
            case .userVerificationFailed: "not verified"
            default: "other"
            }
        }
        #expect(kind(.userCancelled) == "cancelled")
        #expect(kind(.credentialRevoked("revoked by admin")) == "gone")
        #expect(kind(.identityInactive(nil)) == "gone")
        #expect(kind(.userVerificationFailed(.biometryChanged)) == "biometry changed")
        #expect(kind(.userVerificationFailed(.passcodeNotSet)) == "not verified")
        #expect(kind(.wrongPassphrase) == "other")

        func untyped() throws { throw BISDKError.userCancelled }
        var caught = ""
        do { try untyped() } catch BISDKError.wrongPassphrase { caught = "wrong" } catch BISDKError.userCancelled { caught = "cancelled" } catch {}
        #expect(caught == "cancelled")
    }

    @Test func detailsAreReadable() {
        let server = BISDKError.serverError(status: 409, code: "conflict", description: "busy")
        #expect(server.status == 409 && server.serverErrorCode == "conflict" && server.serverDescription == "busy")
        #expect(BISDKError.authorizationFailed(code: "invalid_grant", description: nil).serverErrorCode == "invalid_grant")
        #expect(BISDKError.otherServer(apiBaseURL: "https://a.example").apiBaseURL == "https://a.example")
        #expect(BISDKError.otherApplication(clientID: "bic_1").clientID == "bic_1")
        #expect(BISDKError.invalidIDToken(.nonceMismatch).idTokenFailure == .nonceMismatch)
        #expect(BISDKError.userVerificationFailed(.biometryLockedOut).userVerificationFailure == .biometryLockedOut)
        #expect(BISDKError.extensionFailed(.codeUsed).extensionFailure == .codeUsed)
        #expect(BISDKError.crossDeviceFailed(.expired).crossDeviceFailure == .expired)
        #expect(BISDKError.crossDeviceFailed(.expired).errorType == .crossDeviceFailed)
        #expect(BISDKError.serverUnreachable("refused").reason == "refused")
        #expect(BISDKError.credentialNotFound.reason == nil && BISDKError.credentialNotFound.serverDescription == nil)
    }

    @Test func textsAreThoseOfTheEnum() {
        #expect("\(BISDKError.credentialNotFound)" == "credentialNotFound")
        #expect("\(BISDKError.serverError(status: 500, code: "c", description: nil))" == #"serverError(status: 500, code: "c", description: nil)"#)
        #expect(BISDKError.credentialNotFound.errorDescription == "No credential found on this device for this request.")
        #expect(BISDKError.description("plain").localizedDescription == "plain")
        #expect(BISDKError.sessionEnded(nil).errorDescription == "The session has ended; sign in again.")
        #expect(BISDKError.credentialRevoked("by admin").errorDescription == "The credential has been revoked: by admin")
    }
}
