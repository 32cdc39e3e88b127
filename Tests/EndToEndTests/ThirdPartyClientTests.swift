import Foundation
import Testing
import TestProcessSupport
import ServerTestSupport

/// Unmodified third-party relying parties against the real server over HTTP.
@Suite struct ThirdPartyClientTests {
    private static let authlibScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("ThirdParty/authlib_rp.py").path
    private static let joserfcScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("ThirdParty/joserfc_dpop.py").path

    /// Runs a Python relying party `script`: `begin` with `arguments` prints the authorization
    /// URL, `device` answers the sign-in it leads to, `finish` gets the redirect; returns the
    /// JSON report `finish` prints.
    private static func signIn(
        with script: String, _ arguments: [String], server: RunningServer, device: TestDevice
    ) async throws -> [String: Any]? {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("rp-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let begun = try await Python.run([script, "begin", state] + arguments)
        try #require(begun.status == 0, "\(begun.errors)")
        let invoke = try await server.client().send("GET", begun.output)
        try #require(invoke.status == 302, "\(invoke.json)")
        let answered = try await device.authenticate(invokeURL: try #require(invoke.location), server: server)
        let redirect = try #require(answered.json["redirect_uri"] as? String)
        let finished = try await Python.run([script, "finish", state, redirect])
        #expect(finished.status == 0, "\(finished.errors)")
        return try JSONSerialization.jsonObject(with: Data(finished.output.utf8)) as? [String: Any]
    }

    /// Python authlib (from PyPI; `.ci/run` installs it) signs in with PKCE, verifies the ID
    /// token, reads userinfo, refreshes, introspects, revokes and logs out — each check its own
    /// or an assert on the server's answer in `ThirdParty/authlib_rp.py`.
    @Test(.requires(.authlib)) func authlibSignsInRefreshesIntrospectsRevokesAndLogsOut() async throws {
        try await RunningServer.withEnrolledDevice(.live) { server, realm, device in
            let patched = try await server.admin.send("PATCH", try await realm.adminPath(of: realm.confidential), json: [
                "allowed_scopes": ["openid", "profile", "email", "offline_access"],
                "post_logout_redirect_uris": [TestRealm.callback],
            ])
            try #require(patched.status == 200)
            let report = try await Self.signIn(with: Self.authlibScript, [
                realm.confidential.issuer, realm.confidential.clientID, try #require(realm.confidential.clientSecret), TestRealm.callback,
            ], server: server, device: device)
            #expect(report?["sub"] as? String == realm.identityID)
            #expect(report?["amr"] as? [String] == ["swk"] && report?["acr"] as? String == "phr", "authlib read how the user signed in")
            #expect(report?["logged_out"] as? Bool == true)
        }
    }

    /// DPoP proofs made by Python joserfc, not by our code: the code exchange and refresh bind
    /// the tokens to joserfc's key (its own RFC 7638 thumbprint in `cnf.jkt`), userinfo takes
    /// them with its proofs only, and HS256 proofs and another key's proofs are refused
    /// (`ThirdParty/joserfc_dpop.py`).
    @Test(.requires(.joserfc)) func joserfcProofsBindTokensAndAreCheckedAsTheRFCSays() async throws {
        try await RunningServer.withEnrolledDevice(.live) { server, realm, device in
            let report = try await Self.signIn(
                with: Self.joserfcScript, [realm.publicClient.issuer, realm.publicClient.clientID, TestRealm.callback],
                server: server, device: device)
            #expect(report?["sub"] as? String == realm.identityID)
            #expect(report?["refreshed"] as? Bool == true)
        }
    }
}
