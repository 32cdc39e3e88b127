import Foundation
import Testing

/// What an attacker or a neighbour on the machine must not get (issue 14).
@Suite struct HardeningTests {
    /// Every file the server writes in its data directory (database, WAL, master key, admin
    /// token, mailed enrollment links) is the owner's only.
    @Test func theDataDirectoryIsTheOwnersOnly() async throws {
        try await RunningServer.withRealm(.live) { server, realm in
            _ = try await server.admin.created("\(realm.identityPath)/binding-jobs", ["kind": "registration", "delivery": "email"])
            let files = try FileManager.default.subpathsOfDirectory(atPath: server.dataDirectory.path)
            #expect(files.contains("identity.sqlite") && files.contains { $0.hasPrefix("outbox/") && $0.hasSuffix(".eml") })
            for file in files + [""] {
                let path = server.dataDirectory.appendingPathComponent(file).path
                let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
                #expect(mode & 0o077 == 0, "\(file.isEmpty ? "the data directory" : file) has mode \(String(mode, radix: 8))")
            }
        }
    }
}
