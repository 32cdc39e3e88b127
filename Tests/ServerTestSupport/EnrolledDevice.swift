package import IdentityServer
import Testing
import IdentityServerCore

extension RunningServer {
    /// Starts a server (reached as `mode` says), sets up a realm, enrolls a device; runs `body`; stops the server.
    package static func withEnrolledDevice(
        _ mode: ServerMode, configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: @escaping @Sendable (RunningServer, TestRealm, TestDevice) async throws -> Void
    ) async throws {
        try await withRealm(mode, configure: configure) { server, realm in
            var device = TestDevice()
            let enrolled = try await device.enroll(link: try await realm.enrollmentLink(), server: server)
            try #require(enrolled.status == 201, "enrollment: \(enrolled.json)")
            try await body(server, realm, device)
        }
    }
}

extension TestRelyingParty {
    /// Authorizes (with `overrides` of the request's parameters), answers with the device, returns the code.
    package func signIn(with device: TestDevice, _ overrides: [String: String?] = [:]) async throws -> String {
        let invoke = try await authorize(overrides)
        try #require(invoke.status == 302)
        let result = try await device.authenticate(invokeURL: try #require(invoke.location), server: server)
        try #require(result.status == 200, "authenticate: \(result.json)")
        return try code(from: result)
    }
}
