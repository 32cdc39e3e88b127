public import Foundation

/// One plain-text email.
public struct MailMessage: Sendable, Equatable, Codable {
    public var from: String
    public var to: String
    public var subject: String
    public var body: String

    /// Creates a message. Header fields must not contain line breaks.
    public init(from: String, to: String, subject: String, body: String) {
        self.from = from
        self.to = to
        self.subject = subject
        self.body = body
    }

    /// The `From` of the server's mails: the configured one, else `no-reply@` the public base URL's host.
    public static func sender(configured: String?, baseURL: String) -> String {
        configured ?? "no-reply@\(URLComponents(string: baseURL)?.host ?? "localhost")"
    }

    /// A unique `Message-ID` (without angle brackets): a random UUID at `bi-server`.
    public static func newMessageID() -> String { "\(UUID().uuidString.lowercased())@bi-server" }

    /// The message in RFC 5322 form, CRLF line endings; `messageID` defaults to a new one.
    public func rfc5322(date: Date, messageID: String = MailMessage.newMessageID()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        let headers = [
            "From: \(from)",
            "To: \(to)",
            "Subject: \(subject)",
            "Date: \(formatter.string(from: date))",
            "Message-ID: <\(messageID)>",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: 8bit",
        ]
        let text = body.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
        return headers.joined(separator: "\r\n") + "\r\n\r\n" + text + "\r\n"
    }
}
