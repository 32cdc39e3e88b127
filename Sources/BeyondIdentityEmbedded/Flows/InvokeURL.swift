package import Foundation
import IdentityProtocol

/// Reads an invoke URL, `{app invoke URL}?transaction=REF&api_base_url=B`: the redirect the
/// authorization endpoint answers with when the user must authenticate on this device.
package enum InvokeURL {
    /// The transaction reference; `B` must be the configured server.
    package static func transaction(from url: URL, server domain: Domain) throws -> String {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        guard let transaction = value(DeviceURLParameter.transaction), !transaction.isEmpty,
              let apiBase = value(DeviceURLParameter.apiBaseURL)
        else { throw BISDKError.invalidLink("not an invoke URL (needs transaction and api_base_url)") }
        guard domain.isBaseURL(apiBase) else { throw BISDKError.otherServer(apiBaseURL: apiBase) }
        return transaction
    }

    /// The email-code challenge of a continuation URL (an invoke URL with
    /// `EmailCodeAPI.challengeParameter`), or ``BISDKError/invalidLink(_:)``.
    package static func emailCodeChallenge(from url: URL) throws -> String {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        guard let challenge = items.first(where: { $0.name == EmailCodeAPI.challengeParameter })?.value, !challenge.isEmpty else {
            throw BISDKError.invalidLink("not an email-code continuation URL (needs \(EmailCodeAPI.challengeParameter)); use the url of authenticateOtp's response")
        }
        return challenge
    }
}
