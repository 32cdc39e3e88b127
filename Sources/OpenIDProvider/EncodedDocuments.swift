package import Foundation
import IdentityStorage
import Synchronization
import IdentityServerCore

/// Documents encoded once and served as bytes, by key (an issuer): those of the `capacity`
/// keys used most recently, so many realms cannot grow it without limit.
package final class EncodedDocuments: Sendable {
    private let documents: Mutex<LRUCache<String, Data>>

    package init(capacity: Int) {
        documents = Mutex(LRUCache(capacity: capacity))
    }

    /// The document of `key`, if it is kept.
    package subscript(key: String) -> Data? {
        documents.withLock { $0.value(for: key) }
    }

    /// Keeps `document` for `key`, pushing out the least recently used one when full.
    package func keep(_ document: Data, for key: String) {
        documents.withLock { $0.set(document, for: key) }
    }
}
