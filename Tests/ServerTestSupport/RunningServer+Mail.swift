import Foundation
import TestProcessSupport
import Testing

extension RunningServer {
    /// The texts of the mails in the outbox so far (the server's default transport without a relay).
    package func outboxMails() throws -> [String] {
        let outbox = dataDirectory.appendingPathComponent("outbox")
        // `.partial` files are being written (the transport renames each when complete).
        let names = (try? FileManager.default.contentsOfDirectory(atPath: outbox.path).sorted()) ?? []
        return try names.filter { $0.hasSuffix(".eml") }.map { try String(contentsOf: outbox.appendingPathComponent($0), encoding: .utf8) }
    }

    /// Waits (polling the outbox, up to 30 s) for a mail to `address` beyond the first `skipping`
    /// ones to it, and returns its text.
    package func mail(to address: String, skipping: Int = 0) async throws -> String {
        try await eventually("mail \(skipping + 1) to \(address)") {
            let sent = try outboxMails().filter { $0.contains("To: \(address)") }
            return sent.count > skipping ? sent[skipping] : nil
        }
    }

    /// The one-time code of an email-code mail: the first run of exactly eight digits in its
    /// body (not in its headers, whose ids and dates may hold such a run).
    package static func emailCode(in mail: String) throws -> String {
        let bodyStart = (mail.range(of: "\r\n\r\n") ?? mail.range(of: "\n\n"))?.upperBound ?? mail.startIndex
        let body = mail[bodyStart...]
        let range = try #require(body.range(of: #"\b[0-9]{8}\b"#, options: .regularExpression), "no code in \(mail)")
        return String(body[range])
    }
}
