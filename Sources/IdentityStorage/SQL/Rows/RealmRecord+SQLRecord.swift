import Foundation
import SQLKit

extension RealmRecord: SQLRecord {
    static let table = "realms"
    var columns: [SQLColumn] {
        [("id", id), ("tenant_id", tenantID), ("display_name", displayName),
         ("registration_redirect_uri", registrationRedirectURI), ("sealed_ca_private_key", sealedCAPrivateKey),
         ("ca_certificate_der", caCertificateDER), ("logo_light_url", theme.logoLightURL), ("logo_dark_url", theme.logoDarkURL),
         ("support_url", theme.supportURL), ("scim_enrollment", scimEnrollment.rawValue),
         ("passkey_policy", storedPasskeyPolicy), ("account_page", Int64(accountPage ? 1 : 0)),
         ("created_at", createdAt.milliseconds),
         ("updated_at", updatedAt.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(
            id: try row.string("id"), tenantID: try row.string("tenant_id"), displayName: try row.string("display_name"),
            registrationRedirectURI: try row.string("registration_redirect_uri"),
            sealedCAPrivateKey: try row.data("sealed_ca_private_key"), caCertificateDER: try row.data("ca_certificate_der"),
            theme: Theme(
                logoLightURL: try row.optionalString("logo_light_url"), logoDarkURL: try row.optionalString("logo_dark_url"),
                supportURL: try row.optionalString("support_url")),
            scimEnrollment: try row.value("scim_enrollment"),
            passkeyPolicy: try row.optionalString("passkey_policy").map { try JSONDecoder().decode(PasskeyPolicy.self, from: Data($0.utf8)) }
                ?? PasskeyPolicy(),
            accountPage: try row.decode(column: "account_page", as: Int64.self) != 0,
            createdAt: try row.date("created_at"), updatedAt: try row.date("updated_at"))
    }

    /// The passkey policy as stored: `nil` for the default one.
    private var storedPasskeyPolicy: String? {
        guard passkeyPolicy != PasskeyPolicy() else { return nil }
        return (try? JSONEncoder().encode(passkeyPolicy)).map { String(decoding: $0, as: UTF8.self) }
    }
}
