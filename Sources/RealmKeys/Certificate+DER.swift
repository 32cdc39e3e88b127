package import Foundation
import SwiftASN1
package import X509
import IdentityServerCore

extension Certificate {
    /// The certificate's DER encoding, as stored.
    package var derData: Data {
        get throws {
            var serializer = DER.Serializer()
            try serializer.serialize(self)
            return Data(serializer.serializedBytes)
        }
    }
}
