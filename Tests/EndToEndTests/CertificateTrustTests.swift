import Crypto
import Foundation
import SwiftASN1
import Testing
import TestProcessSupport
import X509
import ServerTestSupport

/// Verifiers that are not ours — `openssl verify` and Python cryptography's X.509 client
/// verifier — trust a device's certificate under the realm's root, and nothing a device key
/// signs itself (issue 14 #1): not a certificate for another user, for another realm, nor one
/// that makes itself a CA.
@Suite struct CertificateTrustTests {
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("ThirdParty/verify_chain.py").path

    /// A certificate `device`'s key signs itself, naming `identity` in `realm`'s name.
    static func minted(by device: TestDevice, leaf: Certificate, identity: String, realmName: String? = nil, ca: Bool = false) throws -> Certificate {
        let key = P256.Signing.PrivateKey()
        return try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: Date().addingTimeInterval(-60), notValidAfter: Date().addingTimeInterval(3600),
            issuer: try realmName.map { name in try DistinguishedName { CommonName(name) } } ?? leaf.subject,
            subject: try DistinguishedName { CommonName("crd_forged") }, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(ca ? BasicConstraints.isCertificateAuthority(maxPathLength: nil) : BasicConstraints.notCertificateAuthority)
                Critical(ca ? KeyUsage(digitalSignature: true, keyCertSign: true) : KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.clientAuth])
                SubjectAlternativeNames([.uniformResourceIdentifier("urn:bi:identity:\(identity)")])
            },
            issuerPrivateKey: Certificate.PrivateKey(device.key))
    }

    /// `openssl verify` (Debian's openssl) trusts the device's certificate under the realm's
    /// root, and none of the forgeries.
    @Test(.requires(.openssl)) func opensslTrustsDevicesAndNothingADeviceKeySigns() async throws {
        try await Self.withChains { root, device, forgeries in
            let trusted = try await ChildProcess.run(Tool.opensslPath, ["verify", "-CAfile", root, device])
            #expect(trusted.status == 0, "openssl refused the device's certificate: \(trusted.output) \(trusted.errors)")
            for (name, forged) in forgeries {
                let openssl = try await ChildProcess.run(Tool.opensslPath, ["verify", "-CAfile", root, "-untrusted", device, forged])
                #expect(openssl.status != 0, "openssl accepted a certificate for \(name): \(openssl.output)")
            }
        }
    }

    /// Python cryptography's X.509 client verifier (`ThirdParty/verify_chain.py`) trusts the
    /// device's certificate under the realm's root, and none of the forgeries.
    @Test(.requires(.cryptography)) func cryptographyTrustsDevicesAndNothingADeviceKeySigns() async throws {
        try await Self.withChains { root, device, forgeries in
            let trusted = try await Python.run([Self.script, root, device])
            #expect(trusted.output == "valid", "\(trusted.errors)")
            for (name, forged) in forgeries {
                let answer = try await Python.run([Self.script, root, forged, device])
                #expect(answer.output.hasPrefix("invalid"), "cryptography accepted a certificate for \(name): \(answer.output) \(answer.errors)")
            }
        }
    }

    /// Runs `body` with the PEM files of a live realm's root, an enrolled device's certificate,
    /// and the forgeries its key signs (each named for what it pretends to be).
    private static func withChains(
        _ body: @escaping @Sendable (_ root: String, _ device: String, _ forgeries: [(String, String)]) async throws -> Void
    ) async throws {
        try await RunningServer.withEnrolledDevice(.live) { server, realm, device in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-trust-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            func file(_ name: String, _ pem: String) throws -> String {
                let url = directory.appendingPathComponent(name)
                try pem.write(to: url, atomically: true, encoding: .utf8)
                return url.path
            }
            let leaf = try Certificate(pemEncoded: device.chain[0])
            let forgeries = [
                ("another user", try Self.minted(by: device, leaf: leaf, identity: "idn_someone_else")),
                ("another realm", try Self.minted(by: device, leaf: leaf, identity: realm.identityID, realmName: "Other Realm")),
                ("a CA of its own", try Self.minted(by: device, leaf: leaf, identity: realm.identityID, ca: true)),
            ]
            try await body(
                try file("root.pem", device.chain[1]), try file("device.pem", device.chain[0]),
                try forgeries.enumerated().map { index, forgery in
                    (forgery.0, try file("forged-\(index).pem", try forgery.1.serializeAsPEM().pemString))
                })
        }
    }
}
