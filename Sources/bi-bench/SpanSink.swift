import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An OTLP/HTTP endpoint that takes every export and keeps nothing: what a traced server exports
/// to in the benchmark, so that the figures hold the server's cost of tracing and not a
/// collector's. It answers each `POST` with `200` and an empty body (an empty
/// `ExportTraceServiceResponse`), on keep-alive connections, each served by a thread of its own.
final class SpanSink: @unchecked Sendable {
    /// The base URL a server exports to (`OTEL_EXPORTER_OTLP_ENDPOINT`).
    let endpoint: String
    private let listener: Int32
    private let exports = Mutex(0)

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(listener, generic, length) == 0 && listen(listener, 64) == 0 && getsockname(listener, generic, &length) == 0
            }
        }
        guard bound else { throw BenchError("the span sink cannot listen on loopback") }
        endpoint = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))"
        Thread.detachNewThread { [self] in acceptConnections() }
    }

    /// How many exports it has taken.
    var exportCount: Int { exports.withLock { $0 } }

    private func acceptConnections() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    /// Reads requests (a head, then `Content-Length` bytes) and answers each, until the peer closes.
    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var buffered: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let answer = Array("HTTP/1.1 200 OK\r\nContent-Type: application/x-protobuf\r\nContent-Length: 0\r\n\r\n".utf8)
        while true {
            while let headEnd = Self.headEnd(in: buffered) {
                let head = String(decoding: buffered[..<headEnd], as: UTF8.self).lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                guard buffered.count >= headEnd + 4 + length else { break }
                buffered.removeFirst(headEnd + 4 + length)
                exports.withLock { $0 += 1 }
                guard answer.withUnsafeBytes({ send(connection, $0.baseAddress, $0.count, 0) }) == answer.count else { return }
            }
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            buffered.append(contentsOf: chunk[..<count])
        }
    }

    /// Where the head's blank line starts, if it has arrived.
    private static func headEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first { bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10 }
    }
}
