import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// One SMTP session that delivers one message (RFC 5321 §3): greeting, EHLO, STARTTLS
/// (RFC 3207) when asked, AUTH PLAIN (RFC 4616) when a user is set, MAIL FROM, RCPT TO, DATA
/// (dot-stuffed, §4.5.2), QUIT. A server that stays silent for the timeout is hung up on.
struct SMTPConversation: ~Copyable {
    private var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    private var pending: [UInt8] = []

    /// Delivers `message` to `host` as `settings` say, within 4 × the timeout whatever the relay
    /// does (a trickle of bytes keeps each step alive, not the whole); throws ``SMTPError``.
    static func deliver(_ message: MailMessage, host: String, settings: MailSettings) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await converse(message, host: host, settings: settings) }
            group.addTask {
                try await Task.sleep(for: settings.smtpTimeout * 4)
                throw SMTPError("the delivery took longer than \(settings.smtpTimeout * 4)", transient: true)
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    private static func converse(_ message: MailMessage, host: String, settings: MailSettings) async throws {
        for address in [message.from, message.to] where address.utf8.contains(where: { $0 < 0x21 || $0 == 0x7F || $0 == 0x3C || $0 == 0x3E }) {
            throw SMTPError("'\(address.debugDescription)' is not a mail address", transient: false)
        }
        let tls = try tlsContext(settings)
        // SNI takes a name, never an address; an address is checked against the certificate's IP names.
        let serverName = IPNetwork.bytes(of: host) == nil ? host : nil
        let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
        do {
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(TimeAmount(settings.smtpTimeout))
                .connect(host: host, port: settings.smtpPort) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        if settings.smtpSecurity == .tls {
                            try channel.pipeline.syncOperations.addHandler(try NIOSSLClientHandler(context: tls, serverHostname: serverName))
                        }
                        try channel.pipeline.syncOperations.addHandlers([
                            IdleStateHandler(readTimeout: TimeAmount(settings.smtpTimeout)), HangUpWhenIdle(),
                        ])
                        return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw SMTPError("cannot connect to \(host):\(settings.smtpPort): \(error)", transient: true)
        }
        try await channel.executeThenClose { inbound, outbound in
            var session = SMTPConversation(inbound: inbound.makeAsyncIterator(), outbound: outbound)
            try await session.run(message, host: host, settings: settings) {
                try await channel.channel.pipeline.addHandler(try NIOSSLClientHandler(context: tls, serverHostname: serverName), position: .first)
            }
        }
    }

    private init(inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator, outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>) {
        self.inbound = inbound
        self.outbound = outbound
    }

    private mutating func run(
        _ message: MailMessage, host: String, settings: MailSettings, startTLS: () async throws -> Void
    ) async throws {
        _ = try await reply(expecting: 220)
        var offered = try await hello()
        if settings.smtpSecurity == .startTLS {
            guard offered.contains("STARTTLS") else {
                throw SMTPError("\(host) does not offer STARTTLS, which mail.smtp.security requires", transient: false)
            }
            try await command("STARTTLS", expecting: 220)
            // Nothing may follow the 220 in clear: it would be read as if it came over TLS.
            guard pending.isEmpty else { throw SMTPError("\(host) sent data after agreeing to STARTTLS", transient: false) }
            try await startTLS()
            offered = try await hello()
        }
        if let username = settings.smtpUsername {
            guard settings.smtpSecurity != .none else {
                throw SMTPError("mail.smtp.username needs TLS (mail.smtp.security starttls or tls): the password would cross in clear", transient: false)
            }
            guard offered.contains(where: { $0.hasPrefix("AUTH") && $0.split(separator: " ").contains("PLAIN") }) else {
                throw SMTPError("\(host) does not offer AUTH PLAIN for mail.smtp.username", transient: false)
            }
            let credentials = Data(([0] + Array(username.utf8) + [0] + Array((settings.smtpPassword ?? "").utf8))).base64EncodedString()
            try await command("AUTH PLAIN \(credentials)", expecting: 235, shown: "AUTH PLAIN")
        }
        try await command("MAIL FROM:<\(message.from)>", expecting: 250)
        try await command("RCPT TO:<\(message.to)>", expecting: 250, 251)
        try await command("DATA", expecting: 354)
        let text = message.rfc5322(date: Date())
        let stuffed = text.split(separator: "\r\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") ? "." + $0 : String($0) }.joined(separator: "\r\n")
        try await write(stuffed + (stuffed.hasSuffix("\r\n") ? "" : "\r\n") + ".\r\n")
        _ = try await reply(expecting: 250)
        try? await command("QUIT", expecting: 221)
    }

    /// EHLO; returns the extensions the server offers (upper-cased keywords with parameters).
    private mutating func hello() async throws -> [String] {
        let name = ProcessInfo.processInfo.hostName
        try await write("EHLO \(name.isEmpty ? "bi-server" : name)\r\n")
        return try await reply(expecting: 250).dropFirst().map { $0.uppercased() }
    }

    private mutating func command(_ line: String, expecting codes: Int..., shown: String? = nil) async throws {
        try await write(line + "\r\n")
        _ = try await reply(expecting: codes, after: shown ?? line)
    }

    private mutating func reply(expecting codes: Int...) async throws -> [String] {
        try await reply(expecting: codes, after: nil)
    }

    /// Reads one reply (its lines, `ddd-` continuing, `ddd ` ending); throws unless its code is
    /// one of `codes`.
    private mutating func reply(expecting codes: [Int], after command: String?) async throws -> [String] {
        var lines: [String] = []
        while true {
            let line = try await readLine()
            let bytes = Array(line.utf8)
            guard bytes.count >= 3, let code = Int(String(decoding: bytes[0..<3], as: UTF8.self)) else {
                throw SMTPError("the server answered '\(line.prefix(80))', which is not SMTP", transient: true)
            }
            lines.append(String(decoding: bytes.dropFirst(4), as: UTF8.self))
            guard lines.count <= 100 else { throw SMTPError("the server sent a reply of more than 100 lines", transient: true) }
            guard bytes.count > 3, bytes[3] == UInt8(ascii: "-") else {
                guard codes.contains(code) else {
                    throw SMTPError(code: code, "\(command.map { "after \($0.split(separator: ":").first ?? ""): " } ?? "")\(lines.joined(separator: " "))")
                }
                return lines
            }
        }
    }

    private mutating func readLine() async throws -> String {
        while true {
            if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[..<end]
                pending.removeFirst(end + 1)
                return String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
            }
            guard pending.count < 4096 else { throw SMTPError("the server sent a line longer than 4 KiB", transient: true) }
            let next: ByteBuffer?
            do {
                next = try await inbound.next()
            } catch let error as NIOSSLError {
                throw SMTPError("TLS with the relay failed: \(error)", transient: false)
            } catch {
                throw SMTPError("the connection to the relay failed: \(error)", transient: true)
            }
            guard let buffer = next else {
                throw SMTPError("the server closed the connection or did not answer in time", transient: true)
            }
            pending += Array(buffer.readableBytesView)
        }
    }

    private func write(_ text: String) async throws {
        do {
            try await outbound.write(ByteBuffer(string: text))
        } catch {
            throw SMTPError("the connection to the relay failed: \(error)", transient: true)
        }
    }

    private static func tlsContext(_ settings: MailSettings) throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let file = settings.smtpTrustedCertificates { configuration.trustRoots = .file(file) }
        do {
            return try NIOSSLContext(configuration: configuration)
        } catch {
            throw SMTPError("cannot set up TLS for mail: \(error)", transient: false)
        }
    }
}

/// Closes a connection its peer has left silent for the read timeout.
private final class HangUpWhenIdle: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }
}
