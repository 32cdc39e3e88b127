import Foundation

/// What the service says of itself (RFC 7643 §5–§7, RFC 7644 §4): exactly what it supports.
enum SCIMDiscovery {
    static let serviceProviderConfigSchema = "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"

    /// `/ServiceProviderConfig`.
    static func serviceProviderConfig(base: String) -> [String: Any] {
        [
            "schemas": [serviceProviderConfigSchema],
            "patch": ["supported": false],
            "bulk": ["supported": false, "maxOperations": 0, "maxPayloadSize": 0],
            "filter": ["supported": false, "maxResults": 0],
            "changePassword": ["supported": false],
            "sort": ["supported": false],
            "etag": ["supported": false],
            "authenticationSchemes": [[
                "type": "oauthbearertoken", "name": "Provisioning token",
                "description": "A bearer token made for this realm's SCIM service through the admin API (provisioning-tokens)",
                "primary": true,
            ] as [String: Any]],
            "meta": ["resourceType": "ServiceProviderConfig", "location": "\(base)/ServiceProviderConfig"],
        ]
    }
}
