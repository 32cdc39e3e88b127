import Foundation
import HTTPTypes
import IdentityProtocol
package import NIOCore
import NIOHTTP1
package import NIOHTTPTypes

/// After HTTP's decoder: answers a request head the decoder refuses with the status that says
/// why (`414` for the request line, `431` for the header fields, `400` for anything that is not
/// HTTP) and the JSON error body of every other refusal, then closes the connection — where
/// Hummingbird would send an empty `400`. An error inside a body passes on to the request's
/// handler, which has begun answering (``ErrorMiddleware``).
package final class HeadRefusalResponder: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPRequestPart
    package typealias InboundOut = HTTPRequestPart

    /// The longest request line read: the decoder's limit on one field, which it applies to the URL too.
    package let maxRequestLine: Int
    private var watcher: RequestLineWatcher?
    private var readingHead = true

    package init(maxRequestLine: Int) {
        self.maxRequestLine = maxRequestLine
    }

    package func handlerAdded(context: ChannelHandlerContext) {
        watcher = try? context.pipeline.syncOperations.handler(type: RequestLineWatcher.self)
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: readingHead = false
        case .body: break
        case .end:
            readingHead = true
            watcher?.messageEnded()
        }
        context.fireChannelRead(data)
    }

    package func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard readingHead, let error = error as? HTTPParserError else { return context.fireErrorCaught(error) }
        let refusal = refusal(for: error)
        let body = (try? JSONEncoder.identityWire.encode(refusal.body)) ?? Data()
        let head = HTTPResponse(status: refusal.status, headerFields: [
            .contentType: "application/json", .contentLength: String(body.count), .connection: "close", .cacheControl: "no-store",
        ])
        context.write(NIOAny(HTTPResponsePart.head(head)), promise: nil)
        context.write(NIOAny(HTTPResponsePart.body(ByteBuffer(bytes: body))), promise: nil)
        context.writeAndFlush(NIOAny(HTTPResponsePart.end(nil))).whenComplete { _ in context.close(promise: nil) }
    }

    private func refusal(for error: HTTPParserError) -> ServerError {
        guard error == .headerOverflow else {
            return ServerError(APIErrorCode.invalidRequest, "the request is not well-formed HTTP")
        }
        if (watcher?.requestLineLength ?? 0) > maxRequestLine {
            return ServerError(APIErrorCode.uriTooLong, "the request line is longer than \(maxRequestLine) bytes")
        }
        return ServerError(APIErrorCode.headerFieldsTooLarge, "the request's header fields are too large or too many")
    }
}
