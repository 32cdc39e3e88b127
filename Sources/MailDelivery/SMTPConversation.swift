import Foundation
package import NIOCore
import NIOPosix
package import NIOSSL
package import IdentityServerCore

/// One SMTP session that delivers one message (RFC 5321 §3): greeting, EHLO, STARTTLS
/// (RFC 3207) when asked, AUTH PLAIN (RFC 4616) when a user is set, MAIL FROM, RCPT TO, DATA
/// (dot-stuffed, §4.5.2), QUIT. A server that stays silent for the timeout is hung up on.
package struct SMTPConversation: ~Copyable {
    private var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    private var pending: [UInt8] = []

    /// Delivers `message` to `host` as `settings` say, within 4 × the timeout whatever the relay
    /// does (a trickle of bytes keeps each step alive, not the whole); throws ``SMTPError``.
    package static func deliver(_ message: MailMessage, host: String, settings: MailSettings) async throws {
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
                        switch settings.smtpSecurity {
                        case .tls:
                            try channel.pipeline.syncOperations.addHandler(try NIOSSLClientHandler(context: tls, serverHostname: serverName))
                        case .startTLS:
                            try channel.pipeline.syncOperations.addHandler(
                                STARTTLSSwitch(host: host, makeTLS: { try NIOSSLClientHandler(context: tls, serverHostname: serverName) }))
                        case .none:
                            break
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
                try await channel.channel.eventLoop.submit {
                    try channel.channel.pipeline.syncOperations.handler(type: STARTTLSSwitch.self).arm()
                }.get()
            }
        }
    }

    private init(inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator, outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>) {
        self.inbound = inbound
        self.outbound = outbound
    }

    /// `armSTARTTLS` readies the pipeline's ``STARTTLSSwitch`` for the reply to STARTTLS: on its
    /// 220 the switch starts TLS itself, on the event loop, before anything else is read.
    private mutating func run(
        _ message: MailMessage, host: String, settings: MailSettings, armSTARTTLS: () async throws -> Void
    ) async throws {
        _ = try await reply(expecting: 220)
        var offered = try await hello()
        if settings.smtpSecurity == .startTLS {
            guard offered.contains("STARTTLS") else {
                throw SMTPError("\(host) does not offer STARTTLS, which mail.smtp.security requires", transient: false)
            }
            try await armSTARTTLS()
            try await command("STARTTLS", expecting: 220)
            // The switch has started TLS behind the 220 and refused anything after it in clear;
            // nothing may be left over here either: it would be read as if it came over TLS.
            guard pending.isEmpty else { throw STARTTLSSwitch.sentInClear(host) }
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
            } catch {
                throw Self.whyClosed(error) ?? Self.connectionFailed(error)
            }
            guard let buffer = next else { throw Self.serverClosed }
            pending += Array(buffer.readableBytesView)
        }
    }

    private mutating func write(_ text: String) async throws {
        do {
            try await outbound.write(ByteBuffer(string: text))
        } catch {
            // The connection closed under the write: whatever closed it (TLS, bytes sent in clear
            // after STARTTLS, or the server hanging up) waits on the inbound side, and is the
            // better reason than the write's own "I/O on closed channel".
            if try await throwWhyClosed() { throw Self.serverClosed }
            throw Self.connectionFailed(error)
        }
    }

    /// Reads what is left of a closed connection; throws the error that ended it, if one did;
    /// returns whether the server simply closed it.
    private mutating func throwWhyClosed() async throws -> Bool {
        while true {
            do {
                guard try await inbound.next() != nil else { return true }
            } catch {
                if let reason = Self.whyClosed(error) { throw reason }
                return false
            }
        }
    }

    /// The server hung up, or went silent past the timeout: transient.
    private static let serverClosed = SMTPError("the server closed the connection or did not answer in time", transient: true)

    /// What an error of the inbound side says about why the connection ended: the
    /// ``SMTPError`` a handler raised, or TLS failing (permanent); `nil` for any other error.
    private static func whyClosed(_ error: any Error) -> SMTPError? {
        switch error {
        case let error as SMTPError: error
        case let error as NIOSSLError: SMTPError("TLS with the relay failed: \(error)", transient: false)
        default: nil
        }
    }

    /// The connection failing for any other reason: transient.
    private static func connectionFailed(_ error: any Error) -> SMTPError {
        SMTPError("the connection to the relay failed: \(error)", transient: true)
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

/// Starts TLS for STARTTLS (RFC 3207) at the byte where the server's 220 ends, on the event loop,
/// so that nothing sent in clear is ever read as protected (RFC 3207 §4.2; the command
/// injection class of CVE-2011-0411). It sits next to the socket. Once armed (before STARTTLS
/// is written), it holds back what arrives until the reply's last line: on a 220 it passes the
/// reply on, refuses any byte that came after it in the same read, and puts TLS right behind
/// itself before another read can happen; the first bytes after that must then be a TLS record
/// (a handshake or an alert), or they too were sent in clear. Any other reply passes as it came.
package final class STARTTLSSwitch: ChannelInboundHandler {
    package typealias InboundIn = ByteBuffer
    package typealias InboundOut = ByteBuffer

    private enum State {
        /// Before STARTTLS: bytes pass as they come.
        case clear
        /// STARTTLS was sent: bytes are held until its reply is whole.
        case awaitingReply(held: ByteBuffer?)
        /// TLS has started: the next bytes must begin a TLS record.
        case tlsStarted
        /// Done (TLS is checked, or the reply was not 220, or the connection failed).
        case passing
    }

    private let host: String
    private let makeTLS: () throws -> NIOSSLClientHandler
    private var state = State.clear

    package init(host: String, makeTLS: @escaping () throws -> NIOSSLClientHandler) {
        (self.host, self.makeTLS) = (host, makeTLS)
    }

    /// What the server sent in clear after agreeing to STARTTLS.
    package static func sentInClear(_ host: String) -> SMTPError {
        SMTPError("\(host) sent data in clear after agreeing to STARTTLS, before TLS began", transient: false)
    }

    /// Readies the switch for the reply to STARTTLS; call on the event loop before writing it.
    package func arm() {
        if case .clear = state { state = .awaitingReply(held: nil) }
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        switch state {
        case .clear, .passing:
            context.fireChannelRead(data)
        case .tlsStarted:
            guard let first = bytes.readableBytesView.first else { return }
            // 22: a handshake record (the ServerHello); 21: an alert.
            guard first == 22 || first == 21 else { return fail(context: context, Self.sentInClear(host)) }
            state = .passing
            context.fireChannelRead(data)
        case .awaitingReply(var held):
            state = .passing  // until decided below
            if held == nil {
                held = bytes
            } else {
                held!.writeBuffer(&bytes)
            }
            replyEnd(in: held!, context: context)
        }
    }

    /// Passes on the reply's complete lines in `held` up to its last; on that line, acts.
    private func replyEnd(in held: ByteBuffer, context: ChannelHandlerContext) {
        var held = held
        while let newline = held.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) {
            let line = held.readSlice(length: newline - held.readableBytesView.startIndex + 1)!
            let text = line.readableBytesView
            // "ddd-" continues the reply, and passes on; anything else ends it (the session judges its form).
            if text.count > 3, text[text.startIndex + 3] == UInt8(ascii: "-") {
                context.fireChannelRead(wrapInboundOut(line))
                continue
            }
            guard text.starts(with: "220".utf8) else {
                // Not 220: the session refuses it; nothing here changes.
                context.fireChannelRead(wrapInboundOut(line))
                if held.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(held)) }
                return
            }
            guard held.readableBytes == 0 else { return fail(context: context, Self.sentInClear(host)) }
            context.fireChannelRead(wrapInboundOut(line))
            // Delivered now: the read's own completion goes to TLS, which would keep it.
            context.fireChannelReadComplete()
            do {
                try context.pipeline.syncOperations.addHandler(try makeTLS(), position: .after(self))
            } catch {
                return fail(context: context, error)
            }
            state = .tlsStarted
            return
        }
        guard held.readableBytes <= 4096 else {
            // A line longer than the session reads: it refuses the reply.
            context.fireChannelRead(wrapInboundOut(held))
            return
        }
        state = .awaitingReply(held: held)
    }

    private func fail(context: ChannelHandlerContext, _ error: any Error) {
        state = .passing
        context.fireErrorCaught(error)
        context.close(promise: nil)
    }
}
