import Crypto
import Foundation
import SwiftASN1
import TestProcessSupport
import X509
import ServerTestSupport

/// `ThirdParty/smtp_server.py` (aiosmtpd, or a raw socket that misbehaves), started for one
/// test on a free loopback port; what it accepted is read back from its directory. Tests that
/// start it ask for `.requires(.aiosmtpd)` (`.requires(.python3)` for the raw modes).
final class SMTPTestServer: @unchecked Sendable {
    private let helper: PortFileProcess
    var port: Int { helper.port }
    var directory: URL { helper.directory }

    /// Runs `body` with a server started with `options` (see the script), and stops it after.
    static func with<R>(_ options: [String] = [], _ body: (SMTPTestServer) async throws -> R) async throws -> R {
        try await PortFileProcess.with(script: "smtp_server.py", arguments: options, prefix: "bi-smtp", name: "SMTP test server") { helper in
            try await body(SMTPTestServer(helper: helper))
        }
    }

    private init(helper: PortFileProcess) {
        self.helper = helper
    }

    /// The messages accepted so far, in order: `mail_from`, `rcpt_tos`, `content`, `user`, `tls`.
    func messages() throws -> [[String: Any]] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .compactMap { name in name.hasSuffix(".json") ? Int(name.dropLast(5)) : nil }.sorted()
            .map { number in
                let data = try Data(contentsOf: directory.appendingPathComponent("\(number).json"))
                return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            }
    }

    /// A CA and a certificate it issued for `localhost`, as PEM files in `directory`: the
    /// server's certificate and key, and the CA the client trusts.
    static func certificates(in directory: URL) throws -> (certificate: String, key: String, authority: String) {
        let caKey = P256.Signing.PrivateKey()
        let leafKey = P256.Signing.PrivateKey()
        let caName = try DistinguishedName { CommonName("SMTP test CA") }
        let now = Date()
        let authority = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(caKey.publicKey), notValidBefore: now - 60,
            notValidAfter: now + 3600, issuer: caName, subject: caName, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true))
            },
            issuerPrivateKey: .init(caKey))
        let leaf = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(leafKey.publicKey), notValidBefore: now - 60,
            notValidAfter: now + 3600, issuer: caName, subject: try DistinguishedName { CommonName("localhost") },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                SubjectAlternativeNames([.dnsName("localhost")])
                try ExtendedKeyUsage([.serverAuth])
            },
            issuerPrivateKey: .init(caKey))
        let files = (
            certificate: directory.appendingPathComponent("server.pem"), key: directory.appendingPathComponent("server.key"),
            authority: directory.appendingPathComponent("ca.pem"))
        try Data(try leaf.serializeAsPEM().pemString.utf8).write(to: files.certificate)
        try Data(leafKey.pemRepresentation.utf8).write(to: files.key)
        try Data(try authority.serializeAsPEM().pemString.utf8).write(to: files.authority)
        return (files.certificate.path, files.key.path, files.authority.path)
    }
}
