import Foundation
import Testing
@testable import IdentityServerCore

/// Passkey providers are named by the AAGUID their authenticators report, as the admin API and
/// console write it (lower-case UUID); an AAGUID nobody knows, or the zeros of most browsers
/// under `none` attestation, has no name.
@Suite struct AuthenticatorNamesTests {
    @Test func wellKnownProvidersAreNamed() {
        #expect(AuthenticatorNames.name(of: "ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4") == "Google Password Manager")
        #expect(AuthenticatorNames.name(of: "bada5566-a7aa-401f-bd96-45619a55120d") == "1Password")
        #expect(AuthenticatorNames.name(of: "EA9B8D66-4D01-1D21-3CE4-B6B48CB575D4") == nil)
        #expect(AuthenticatorNames.name(of: "00000000-0000-0000-0000-000000000000") == nil)
        #expect(AuthenticatorNames.name(of: "01020304-0506-0708-0102-030405060708") == nil)
    }

    @Test func everyKeyIsALowerCaseUUID() {
        #expect(AuthenticatorNames.names.count > 20)
        for aaguid in AuthenticatorNames.names.keys {
            #expect(UUID(uuidString: aaguid)?.uuidString.lowercased() == aaguid)
        }
    }
}
