package import Foundation
package import IdentityStorage
import IdentityServerCore

extension ApplicationRecord {
    /// Whether `secretHash` is the hash of the client's secret, or of the one a rotation
    /// replaced while its overlap lasts. Both are compared in constant time, always, so the
    /// time taken says nothing of which matched.
    package func accepts(secretHash: Data, at now: Date) -> Bool {
        let current = clientSecretHash.map { Secrets.constantTimeEquals(secretHash, $0) } ?? false
        let previous = previousClientSecretHash.map { Secrets.constantTimeEquals(secretHash, $0) } ?? false
        let overlapping = previousClientSecretExpiresAt.map { now < $0 } ?? false
        return current || (previous && overlapping)
    }
}
