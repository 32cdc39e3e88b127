import Foundation
import IdentityProtocol
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One keep-alive HTTP/1.1 connection over a blocking socket: the load generator's client.
///
/// Written for the benchmark rather than taken from a library: each load thread owns one
/// connection and sends one request at a time, so a blocking socket is the cheapest client
/// there is, and the load generator's own CPU stays small and predictable beside the server's.
final class HTTPConnection {
    private let socket: Int32
    private let hostHeader: String
    private var buffer: [UInt8] = []

    /// Connects to `host:port` (an IPv4 address) with Nagle's algorithm off.
    init(host: String, port: Int) throws {
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw BenchError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            close(descriptor)
            throw BenchError("\(host) is not an IPv4 address")
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw BenchError("connect to \(host):\(port): \(String(cString: strerror(errno)))")
        }
        var on: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        socket = descriptor
        hostHeader = "\(host):\(port)"
    }

    deinit { close(socket) }

    /// Sends one request and reads its response (bodies framed by `Content-Length` or chunked).
    func send(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []) throws -> HTTPReply {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(hostHeader)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        try write(Array(head.utf8) + body)
        return try readReply()
    }

    private func write(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw BenchError("send: \(String(cString: strerror(errno)))") }
            sent += written
        }
    }

    private func readReply() throws -> HTTPReply {
        let headEnd = try readUntil([13, 10, 13, 10])
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).makeIterator()
        let statusLine = lines.next() ?? ""
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, let status = Int(parts[1]) else { throw BenchError("bad status line '\(statusLine)'") }
        var headers: [String: String] = [:]
        while let line = lines.next() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let body: [UInt8]
        if headers["transfer-encoding"]?.lowercased() == "chunked" {
            body = try readChunks()
        } else {
            body = try take(Int(headers["content-length"] ?? "0") ?? 0)
        }
        return HTTPReply(status: status, headers: headers, body: body)
    }

    private func readChunks() throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let lineEnd = try readUntil([13, 10])
            let sizeText = String(decoding: buffer[..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            buffer.removeFirst(lineEnd + 2)
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else {
                throw BenchError("bad chunk size '\(sizeText)'")
            }
            if size == 0 {
                _ = try readUntil([13, 10])
                buffer.removeFirst(2)
                return body
            }
            body += try take(size)
            _ = try take(2)
        }
    }

    /// The offset of `marker` in the buffer, reading until it arrives.
    private func readUntil(_ marker: [UInt8]) throws -> Int {
        var searchFrom = 0
        while true {
            if buffer.count >= marker.count {
                let last = buffer.count - marker.count
                if searchFrom <= last {
                    for offset in searchFrom...last where buffer[offset] == marker[0] {
                        if Array(buffer[offset..<offset + marker.count]) == marker { return offset }
                    }
                    searchFrom = last + 1
                }
            }
            try fill()
        }
    }

    private func take(_ count: Int) throws -> [UInt8] {
        while buffer.count < count { try fill() }
        let bytes = Array(buffer[..<count])
        buffer.removeFirst(count)
        return bytes
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let received = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard received > 0 else { throw BenchError("the server closed the connection") }
        buffer += chunk[..<received]
    }
}

extension HTTPConnection {
    /// `POST`s `body` as the identity wire JSON.
    func postJSON(_ path: String, _ body: some Encodable, headers: [(String, String)] = []) throws -> HTTPReply {
        try send(
            "POST", path, headers: [("Content-Type", "application/json")] + headers,
            body: Array(try JSONEncoder.identityWire.encode(body)))
    }
}
