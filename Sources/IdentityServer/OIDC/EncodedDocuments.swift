import Foundation
import Synchronization

/// Documents encoded once and served as bytes, by key (an issuer). Bounded: past
/// ``capacity`` entries it starts over, so many realms cannot grow it without limit.
final class EncodedDocuments: Sendable {
    /// Entries kept at most.
    static let capacity = 10_000
    private let documents = Mutex<[String: Data]>([:])

    subscript(key: String) -> Data? {
        get { documents.withLock { $0[key] } }
        set {
            documents.withLock { documents in
                if documents.count >= Self.capacity { documents.removeAll() }
                documents[key] = newValue
            }
        }
    }
}
