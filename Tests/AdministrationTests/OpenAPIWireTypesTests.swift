import Foundation
import IdentityProtocol
import Testing
import AdminConsole

/// The document's schemas against the Swift wire types the server encodes and clients decode:
/// a sample of each schema, made from the schema alone, decodes into its type and encodes back
/// to exactly the same JSON (so every property has its field, under the same name and of the
/// same type, and the type has no field the schema lacks), with every property or with the
/// required ones only; and dropping any required property fails to decode.
@Suite struct OpenAPIWireTypesTests {
    /// Decodes with the wire decoder and encodes back with the wire encoder.
    typealias RoundTrip = @Sendable (Data) throws -> Data

    /// The Swift type of every schema of the document.
    static let types: [String: RoundTrip] = [
        "Error": roundTrip(APIErrorBody.self),
        "Tenant": roundTrip(Tenant.self), "TenantInput": roundTrip(TenantInput.self), "TenantPage": roundTrip(AdminPage<Tenant>.self),
        "Realm": roundTrip(Realm.self), "RealmInput": roundTrip(RealmInput.self), "RealmPage": roundTrip(AdminPage<Realm>.self),
        "RealmTheme": roundTrip(RealmTheme.self), "RealmThemeInput": roundTrip(RealmTheme.self),
        "RealmPasskeyPolicy": roundTrip(RealmPasskeyPolicy.self),
        "Application": roundTrip(Application.self), "ApplicationInput": roundTrip(ApplicationInput.self),
        "ApplicationPage": roundTrip(AdminPage<Application>.self), "ClientSecretRotationInput": roundTrip(ClientSecretRotationInput.self),
        "Identity": roundTrip(Identity.self), "IdentityGroup": roundTrip(IdentityGroup.self), "IdentityInput": roundTrip(IdentityInput.self),
        "IdentityPage": roundTrip(AdminPage<Identity>.self),
        "AdminCredential": roundTrip(AdminCredential.self), "AdminCredentialPage": roundTrip(AdminPage<AdminCredential>.self),
        "AdminPasskey": roundTrip(AdminPasskey.self),
        "AdminSession": roundTrip(AdminSession.self), "AdminSessionPage": roundTrip(AdminPage<AdminSession>.self),
        "BindingJob": roundTrip(BindingJob.self), "BindingJobInput": roundTrip(BindingJobInput.self),
        "BindingJobPage": roundTrip(AdminPage<BindingJob>.self),
        "AdminToken": roundTrip(AdminToken.self), "AdminTokenInput": roundTrip(AdminTokenInput.self),
        "AdminTokenPage": roundTrip(AdminPage<AdminToken>.self),
        "Operator": roundTrip(Operator.self), "OperatorInput": roundTrip(OperatorInput.self),
        "OperatorPage": roundTrip(AdminPage<Operator>.self),
        "ProvisioningToken": roundTrip(ProvisioningToken.self), "ProvisioningTokenInput": roundTrip(ProvisioningTokenInput.self),
        "ProvisioningTokenPage": roundTrip(AdminPage<ProvisioningToken>.self),
        "AdminSigningKey": roundTrip(AdminSigningKey.self),
        "AuditEvent": roundTrip(AuditEvent.self), "AuditEventPage": roundTrip(AdminPage<AuditEvent>.self),
        "WebhookEndpoint": roundTrip(WebhookEndpoint.self), "WebhookEndpointInput": roundTrip(WebhookEndpointInput.self),
        "WebhookEndpointPage": roundTrip(AdminPage<WebhookEndpoint>.self),
        "WebhookSecretRotationInput": roundTrip(WebhookSecretRotationInput.self),
        "WebhookDelivery": roundTrip(WebhookDelivery.self), "WebhookDeliveryPage": roundTrip(AdminPage<WebhookDelivery>.self),
        "WebhookAttempt": roundTrip(WebhookAttempt.self),
    ]

    /// Properties the document requires that the Swift type may go without: the server always
    /// sends an `error_description`, but clients also read error bodies from elsewhere.
    static let leniency: [String: Set<String>] = ["Error": ["error_description"]]

    private static func roundTrip<Value: Codable>(_: Value.Type) -> RoundTrip {
        { data in try JSONEncoder.identityWire.encode(try JSONDecoder.identityWire.decode(Value.self, from: data)) }
    }

    @Test func everySchemaHasItsSwiftType() throws {
        #expect(Set(try OpenAPITestDocument().schemas.keys) == Set(Self.types.keys))
    }

    @Test(arguments: types.keys.sorted()) func schemaAndTypeAgree(name: String) throws {
        let document = try OpenAPITestDocument()
        let schema = try #require(document.schemas[name])
        let roundTrip = try #require(Self.types[name])
        for complete in [true, false] {
            let sample = SchemaSample(document: document, complete: complete).value(of: schema)
            let encoded = try roundTrip(try JSONSerialization.data(withJSONObject: sample))
            let back = try JSONSerialization.jsonObject(with: encoded)
            #expect((back as? NSDictionary) == (sample as? NSDictionary), "\(complete ? "every" : "required") property:\n\(sample)\nback:\n\(back)")
        }
        let required = Set(schema["required"] as? [String] ?? []).subtracting(Self.leniency[name] ?? [])
        let sample = try #require(SchemaSample(document: document, complete: false).value(of: schema) as? [String: Any])
        for property in required.sorted() {
            let without = sample.filter { $0.key != property }
            #expect(throws: (any Error).self, "\(name) decodes without its required '\(property)'") {
                try roundTrip(try JSONSerialization.data(withJSONObject: without))
            }
        }
    }
}
