import Crypto
import Foundation
import Testing
import TestProcessSupport
import X509

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

    @Test func outsideVerifiersTrustDevicesAndNothingADeviceKeySigns() async throws {
        let python = await Python.hasCryptography
        if !python && Python.isAuthlibRequired { Issue.record("python3 cannot import cryptography") }
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
            let root = try file("root.pem", device.chain[1])
            let deviceFile = try file("device.pem", device.chain[0])
            let forgeries = [
                ("another user", try Self.minted(by: device, leaf: leaf, identity: "idn_someone_else")),
                ("another realm", try Self.minted(by: device, leaf: leaf, identity: realm.identityID, realmName: "Other Realm")),
                ("a CA of its own", try Self.minted(by: device, leaf: leaf, identity: realm.identityID, ca: true)),
            ]

            #expect(try await ChildProcess.run("/usr/bin/openssl", ["verify", "-CAfile", root, deviceFile]).status == 0)
            if python {
                #expect(try await Python.run([Self.script, root, deviceFile]).output == "valid")
            }
            for (name, forged) in forgeries {
                let forgedFile = try file("forged.pem", try forged.serializeAsPEM().pemString)
                let openssl = try await ChildProcess.run(
                    "/usr/bin/openssl", ["verify", "-CAfile", root, "-untrusted", deviceFile, forgedFile])
                #expect(openssl.status != 0, "openssl accepted a certificate for \(name): \(openssl.output)")
                if python {
                    let answer = try await Python.run([Self.script, root, forgedFile, deviceFile]).output
                    #expect(answer.hasPrefix("invalid"), "cryptography accepted a certificate for \(name): \(answer)")
                }
            }
        }
    }
}
