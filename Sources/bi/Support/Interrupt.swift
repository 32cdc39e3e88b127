import Dispatch
import Foundation

/// Runs `action` on Ctrl-C (SIGINT) instead of dying, until stopped.
final class Interrupt {
    private let source: any DispatchSourceSignal

    init(_ action: @escaping @Sendable () async -> Void) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { Task { await action() } }
        source.resume()
    }

    func stop() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
