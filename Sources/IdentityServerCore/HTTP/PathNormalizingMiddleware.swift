package import Hummingbird

/// The first step of every request: its path with empty segments removed (`//console/x` is
/// `/console/x`), so that each middleware that looks at the path (the console's security
/// headers, CORS, the request log) sees the path the router resolves; the router skips empty
/// segments, and a middleware matching the path as sent would let a second spelling past it.
package struct PathNormalizingMiddleware<Context: RequestContext>: RouterMiddleware {
    package init() {}

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let target = request.head.path, let normalized = Self.normalized(target) else { return try await next(request, context) }
        var head = request.head
        head.path = normalized
        return try await next(Request(head: head, body: request.body), context)
    }

    /// The request target with runs of `/` in its path made one; `nil` when it has none (the
    /// common case, found in one pass over the bytes).
    package static func normalized(_ target: String) -> String? {
        let slash = UInt8(ascii: "/")
        func pathEnds(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") }
        var previous: UInt8 = 0
        var repeated = false
        for byte in target.utf8 {
            if pathEnds(byte) { break }
            if byte == slash, previous == slash { repeated = true; break }
            previous = byte
        }
        guard repeated else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(target.utf8.count)
        var inPath = true
        for byte in target.utf8 {
            if pathEnds(byte) { inPath = false }
            if inPath, byte == slash, bytes.last == slash { continue }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
