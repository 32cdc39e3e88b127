package import NIOCore
package import NIOHTTPTypes

/// Closes a connection whose request body does not arrive in time: once a request's head is
/// in, its end must follow within `timeout`, however the bytes trickle. (Hummingbird's idle
/// timeout covers the wait for a head; a slow body would otherwise hold the connection and a
/// task forever.)
package final class RequestBodyTimeoutHandler: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPRequestPart
    package typealias InboundOut = HTTPRequestPart

    private let timeout: TimeAmount
    private var deadline: Scheduled<Void>?

    package init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            deadline?.cancel()
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            deadline = context.eventLoop.scheduleTask(in: timeout) { loopBound.value.close(promise: nil) }
        case .end:
            deadline?.cancel()
            deadline = nil
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    package func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }
}
