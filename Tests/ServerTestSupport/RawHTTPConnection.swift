import Foundation
import NIOCore
import NIOPosix
import Testing

/// A TCP connection to the server that writes whatever bytes a test gives it: malformed,
/// half-sent or stalled requests that no HTTP client library would send.
package struct RawHTTPConnection {
    /// What came back: the status code of the first response (`nil` when the server closed
    /// without answering), its body, and whether the server closed the connection.
    package struct Reply {
        package var status: Int?
        package var body: String
        package var closed: Bool
    }

    /// Connects to the host and port of `baseURL` (`http://127.0.0.1:PORT`), sends `text` as is
    /// (CRLFs included), and reads until one response is complete or the server closes.
    package static func exchange(_ baseURL: String, _ text: String) async throws -> Reply {
        let channel = try await connect(baseURL)
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: text))
            var received = ""
            for try await var chunk in inbound {
                received += chunk.readString(length: chunk.readableBytes) ?? ""
                if let reply = complete(received) { return reply }
            }
            return complete(received) ?? Reply(status: nil, body: received, closed: true)
        }
    }

    /// Opens a connection, sends `text`, then waits without sending more; returns whether the
    /// server closed the connection (rather than waiting forever) and what it answered.
    package static func stall(_ baseURL: String, after text: String) async throws -> Reply {
        let channel = try await connect(baseURL)
        return try await channel.executeThenClose { inbound, outbound in
            // On a loaded machine the server may have cut us off before the bytes went out: closed,
            // or reset (the write then fails with the read error that ended the channel).
            do {
                try await outbound.write(ByteBuffer(string: text))
            } catch let error where error as? ChannelError == .ioOnClosedChannel
                || [ECONNRESET, EPIPE].contains((error as? IOError)?.errnoCode) {
                return Reply(status: nil, body: "", closed: true)
            }
            var received = ""
            do {
                for try await var chunk in inbound { received += chunk.readString(length: chunk.readableBytes) ?? "" }
            } catch {
                // A reset is a close too.
            }
            var reply = complete(received) ?? Reply(status: nil, body: received, closed: true)
            reply.closed = true
            return reply
        }
    }

    private static func connect(_ baseURL: String) async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
        let url = try #require(URL(string: baseURL))
        return try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: url.host ?? "127.0.0.1", port: url.port ?? 80) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
    }

    /// The first response in `received`, once its head and `Content-Length` body are in.
    private static func complete(_ received: String) -> Reply? {
        guard let headEnd = received.range(of: "\r\n\r\n") else { return nil }
        let head = received[..<headEnd.lowerBound]
        let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        let body = String(received[headEnd.upperBound...])
        guard body.utf8.count >= length else { return nil }
        return Reply(status: status, body: body, closed: false)
    }
}
