import Foundation
import Synchronization

/// Realms and applications, which every sign-in step reads and an administrator rarely
/// changes, kept in memory by the store.
///
/// Invalidation: a change made through the store drops the entries it touches once it has
/// committed, and on PostgreSQL tells every other instance to drop them too (a notification on
/// ``channel``). An entry also lapses ``lifetime`` after it was read, the bound on staleness
/// (5 s by default) should a notification be lost while an instance's listening connection reconnects. A read
/// that raced a change (it began before the change was dropped) is never cached.
/// At most ``capacity`` entries of each kind are kept, the least recently used going first.
final class DirectoryCache: Sendable {
    /// The notification channel the store announces changes on.
    static let channel = "bi_directory"
    /// How long an entry is trusted without a notification, by default.
    static let defaultLifetime: Duration = .seconds(5)
    /// Entries of each kind kept at most: realms and applications in use within an entry's
    /// lifetime rarely number more; a miss costs one indexed read.
    static let capacity = 1_000

    /// What a notification names: one realm, one application, or everything.
    enum Change: Sendable, Equatable {
        case realm(String), application(String), everything

        /// The notification payload.
        var payload: String {
            switch self {
            case .realm(let id): "realm:\(id)"
            case .application(let id): "application:\(id)"
            case .everything: "*"
            }
        }

        /// The change a payload names; anything unknown drops everything.
        init(payload: String) {
            if payload.hasPrefix("realm:") {
                self = .realm(String(payload.dropFirst("realm:".count)))
            } else if payload.hasPrefix("application:") {
                self = .application(String(payload.dropFirst("application:".count)))
            } else {
                self = .everything
            }
        }
    }

    private struct Entry<Value> {
        let value: Value
        let expires: ContinuousClock.Instant
    }

    private struct State {
        /// Bumped by every change, so a read that began before it is not cached.
        var generation: UInt64 = 0
        var realms = LRUCache<String, Entry<RealmRecord>>(capacity: DirectoryCache.capacity)
        var applications = LRUCache<String, Entry<ApplicationRecord>>(capacity: DirectoryCache.capacity)
        /// Application ids by client id; an entry whose client id has changed since is ignored.
        var applicationIDs = LRUCache<String, String>(capacity: DirectoryCache.capacity)
    }

    private let state = Mutex(State())
    /// How long an entry is trusted without a notification.
    let lifetime: Duration

    init(lifetime: Duration = DirectoryCache.defaultLifetime) {
        self.lifetime = lifetime
    }

    /// The generation to pass to ``keep(_:since:)`` for a read that starts now.
    var generation: UInt64 { state.withLock { $0.generation } }

    func realm(id: String) -> RealmRecord? {
        state.withLock { Self.live(&$0.realms, id) }
    }

    func application(id: String) -> ApplicationRecord? {
        state.withLock { Self.live(&$0.applications, id) }
    }

    func application(clientID: String) -> ApplicationRecord? {
        state.withLock { state in
            state.applicationIDs.value(for: clientID).flatMap { Self.live(&state.applications, $0) }
                .flatMap { $0.clientID == clientID ? $0 : nil }
        }
    }

    /// The value of `key` while it is trusted, then counted as used; an expired entry is
    /// removed rather than promoted over live ones.
    private static func live<Value>(_ cache: inout LRUCache<String, Entry<Value>>, _ key: String) -> Value? {
        guard let entry = cache.peek(key) else { return nil }
        guard entry.expires > .now else {
            cache.remove(key)
            return nil
        }
        return cache.value(for: key)?.value
    }

    /// Keeps a realm read from storage, unless something changed since `generation`.
    func keep(_ realm: RealmRecord, since generation: UInt64) {
        state.withLock { state in
            guard state.generation == generation else { return }
            state.realms.set(Entry(value: realm, expires: .now + lifetime), for: realm.id)
        }
    }

    /// Keeps an application read from storage, unless something changed since `generation`.
    func keep(_ application: ApplicationRecord, since generation: UInt64) {
        state.withLock { state in
            guard state.generation == generation else { return }
            state.applications.set(Entry(value: application, expires: .now + lifetime), for: application.id)
            state.applicationIDs.set(application.id, for: application.clientID)
        }
    }

    /// Drops what `change` names.
    func drop(_ change: Change) {
        state.withLock { state in
            state.generation &+= 1
            switch change {
            case .realm(let id): state.realms.remove(id)
            case .application(let id): state.applications.remove(id)
            case .everything: state = State(generation: state.generation)
            }
        }
    }
}
