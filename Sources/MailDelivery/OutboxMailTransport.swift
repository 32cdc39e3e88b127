public import Foundation
public import IdentityServerCore

/// Writes each message as an `.eml` file (RFC 5322) into a directory, so everything works
/// offline and tests can read what was sent. Messages carry enrollment links: the directory
/// and its files are the owner's only, and a file appears whole or not at all.
public struct OutboxMailTransport: MailTransport {
    /// The outbox directory.
    public let directory: URL
    private let now: @Sendable () -> Date

    /// Creates a transport writing into `directory` (created if missing).
    public init(directory: URL, now: @escaping @Sendable () -> Date = { Date() }) {
        self.directory = directory
        self.now = now
    }

    public func send(_ message: MailMessage) async throws {
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let date = now()
        let id = UUID().uuidString.lowercased()
        let name = "\(Int64(date.timeIntervalSince1970 * 1000))-\(id).eml"
        let text = message.rfc5322(date: date, messageID: "\(id)@bi-server")
        let file = directory.appendingPathComponent(name)
        let partial = directory.appendingPathComponent(name + ".partial")
        try SecretFile.create(at: partial, contents: Data(text.utf8))
        try FileManager.default.moveItem(at: partial, to: file)
    }
}
