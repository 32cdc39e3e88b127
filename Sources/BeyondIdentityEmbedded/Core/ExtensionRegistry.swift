import IdentityProtocol
import Synchronization

/// The one credential extension an ``Embedded`` instance runs at a time, kept where
/// ``Embedded/cancelExtendCredentials()`` can find it. Other calls never wait for it.
final class ExtensionRegistry: Sendable {
    /// A running extension: its task, and its session once the server has opened one.
    struct Running: Sendable {
        let id: UInt64
        var task: Task<Void, Never>?
        var session: (reference: ExtensionSessionReference, context: SDKContext)?
    }

    private let state = Mutex<(next: UInt64, running: Running?)>((1, nil))

    /// Takes the slot, or fails with ``ExtensionFailure/alreadyRunning``.
    func begin() throws(BISDKError) -> UInt64 {
        try state.withLock { (state) throws(BISDKError) -> UInt64 in
            guard state.running == nil else { throw .extensionFailed(.alreadyRunning) }
            let id = state.next
            state.next += 1
            state.running = Running(id: id)
            return id
        }
    }

    /// Records the task that runs extension `id`.
    func attach(_ task: Task<Void, Never>, to id: UInt64) {
        state.withLock { if $0.running?.id == id { $0.running?.task = task } }
    }

    /// Records the server session of extension `id`.
    func opened(_ reference: ExtensionSessionReference, context: SDKContext, for id: UInt64) {
        state.withLock { if $0.running?.id == id { $0.running?.session = (reference, context) } }
    }

    /// Frees the slot if extension `id` still holds it.
    func end(_ id: UInt64) {
        state.withLock { if $0.running?.id == id { $0.running = nil } }
    }

    /// Removes and returns the running extension, for cancellation.
    func take() -> Running? {
        state.withLock { state in
            defer { state.running = nil }
            return state.running
        }
    }
}
