package import HummingbirdCore
package import Logging
package import NIOCore

/// Hummingbird's HTTP/1.1 child channel with ``RequestLineWatcher`` first in each connection's
/// pipeline (before HTTP's decoder, where Hummingbird's own options cannot put a handler).
package struct FramedHTTP1Channel: ServerChildChannel {
    package typealias Value = HTTP1Channel.Value
    package let inner: HTTP1Channel

    package init(inner: HTTP1Channel) {
        self.inner = inner
    }

    package func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(RequestLineWatcher(), position: .first)
        }.flatMap { inner.setup(channel: channel, logger: logger) }
    }

    package func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
