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
        /// The id of each application kept, by its client id: kept and forgotten with the
        /// application, so it never holds a client id whose application is gone (nor more
        /// entries than ``applications``), and every application kept is found by its client id.
        var applicationIDs: [String: String] = [:]

        /// Keeps `application` (the most recently used), with its client id.
        mutating func keep(_ application: ApplicationRecord, expires: ContinuousClock.Instant) {
            if let kept = applications.peek(application.id)?.value, kept.clientID != application.clientID {
                forgetClientID(of: kept)
            }
            // Client ids are unique: an application kept under this one before is another's no more.
            if let other = applicationIDs[application.clientID], other != application.id { removeApplication(other) }
            if let evicted = applications.set(Entry(value: application, expires: expires), for: application.id) {
                forgetClientID(of: evicted.value.value)
            }
            applicationIDs[application.clientID] = application.id
        }

        /// The application `id` while it is trusted, then counted as used; an expired one is
        /// forgotten with its client id.
        mutating func application(id: String) -> ApplicationRecord? {
            guard let entry = applications.peek(id) else { return nil }
            guard entry.expires > .now else {
                removeApplication(id)
                return nil
            }
            return applications.value(for: id)?.value
        }

        /// Forgets application `id` and its client id.
        mutating func removeApplication(_ id: String) {
            guard let entry = applications.peek(id) else { return }
            applications.remove(id)
            forgetClientID(of: entry.value)
        }

        private mutating func forgetClientID(of application: ApplicationRecord) {
            if applicationIDs[application.clientID] == application.id { applicationIDs[application.clientID] = nil }
        }
    }

    private let state = Mutex(State())
    /// How long an entry is trusted without a notification.
    let lifetime: Duration

    init(lifetime: Duration = DirectoryCache.defaultLifetime) {
        self.lifetime = lifetime
    }

    /// How many applications, and client ids leading to them, are kept (for tests).
    var sizes: (applications: Int, clientIDs: Int) {
        state.withLock { ($0.applications.count, $0.applicationIDs.count) }
    }

    /// The generation to pass to ``keep(_:since:)`` for a read that starts now.
    var generation: UInt64 { state.withLock { $0.generation } }

    func realm(id: String) -> RealmRecord? {
        state.withLock { Self.live(&$0.realms, id) }
    }

    func application(id: String) -> ApplicationRecord? {
        state.withLock { $0.application(id: id) }
    }

    func application(clientID: String) -> ApplicationRecord? {
        state.withLock { state in state.applicationIDs[clientID].flatMap { state.application(id: $0) } }
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
            state.keep(application, expires: .now + lifetime)
        }
    }

    /// Drops what `change` names.
    func drop(_ change: Change) {
        state.withLock { state in
            state.generation &+= 1
            switch change {
            case .realm(let id): state.realms.remove(id)
            case .application(let id): state.removeApplication(id)
            case .everything: state = State(generation: state.generation)
            }
        }
    }
}
