import Foundation
import IdentityStorage
import Synchronization

/// Documents encoded once and served as bytes, by key (an issuer): those of the `capacity`
/// keys used most recently, so many realms cannot grow it without limit.
final class EncodedDocuments: Sendable {
    private let documents: Mutex<LRUCache<String, Data>>

    init(capacity: Int) {
        documents = Mutex(LRUCache(capacity: capacity))
    }

    subscript(key: String) -> Data? {
        get { documents.withLock { $0.value(for: key) } }
        set {
            documents.withLock { documents in
                if let newValue { documents.set(newValue, for: key) } else { documents.remove(key) }
            }
        }
    }
}
