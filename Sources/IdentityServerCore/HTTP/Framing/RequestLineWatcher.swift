package import NIOCore

/// First in a connection's pipeline, before HTTP's decoder: measures the request line of the
/// message being read, so that a head the decoder refuses for its size can be answered `414`
/// (its request line) or `431` (its header fields); the decoder itself says only "too large".
package final class RequestLineWatcher: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = ByteBuffer
    package typealias InboundOut = ByteBuffer

    /// Bytes of the current message's request line read so far.
    private(set) var requestLineLength = 0
    private var requestLineEnded = false

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !requestLineEnded {
            let bytes = unwrapInboundIn(data).readableBytesView
            if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                requestLineLength += newline - bytes.startIndex
                requestLineEnded = true
            } else {
                requestLineLength += bytes.count
            }
        }
        context.fireChannelRead(data)
    }

    /// The current message was read to its end: the next bytes start another request line.
    package func messageEnded() {
        (requestLineLength, requestLineEnded) = (0, false)
    }
}
