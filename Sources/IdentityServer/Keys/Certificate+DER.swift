import Foundation
import SwiftASN1
import X509

extension Certificate {
    /// The certificate's DER encoding, as stored.
    var derData: Data {
        get throws {
            var serializer = DER.Serializer()
            try serializer.serialize(self)
            return Data(serializer.serializedBytes)
        }
    }
}
