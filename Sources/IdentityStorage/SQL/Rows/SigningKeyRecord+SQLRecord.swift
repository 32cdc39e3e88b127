import Foundation
import SQLKit

extension SigningKeyRecord: SQLRecord {
    static let table = "signing_keys"
    var columns: [SQLColumn] {
        [("kid", kid), ("realm_id", realmID), ("algorithm", algorithm.rawValue), ("sealed_private_key", sealedPrivateKey),
         ("created_at", createdAt.milliseconds), ("activates_at", activatesAt?.milliseconds),
         ("retired_at", retiredAt?.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(kid: try row.string("kid"), realmID: try row.string("realm_id"), algorithm: try row.value("algorithm"),
                  sealedPrivateKey: try row.data("sealed_private_key"), createdAt: try row.date("created_at"),
                  activatesAt: try row.optionalDate("activates_at"), retiredAt: try row.optionalDate("retired_at"))
    }
}
