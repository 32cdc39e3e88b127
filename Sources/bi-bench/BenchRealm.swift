import Crypto
import Foundation
import IdentityProtocol
import SwiftASN1
import X509

/// The realm the benchmark signs in to: a tenant, a realm, a public application (PKCE) whose
/// users sign in with the app, and a web one whose users sign in on the hosted page.
struct BenchRealm: Sendable {
    let tenantID: String
    let realmID: String
    let clientID: String
    /// The web application, whose users sign in on the hosted page (with passkeys).
    let webClientID: String
    /// The issuer's path on the server, e.g. `/v1/tenants/T/realms/R`.
    let issuerPath: String
    /// The issuer as the server names it: what DPoP proofs' `htu` starts with.
    let issuer: URL
    let redirectURI: String

    /// The server's origin, as its pages' scripts send it.
    var origin: String { "\(issuer.scheme ?? "http")://\(issuer.host ?? "")\(issuer.port.map { ":\($0)" } ?? "")" }

    static let redirectURI = "https://bench.example/callback"

    /// Creates the realm and its application, in a new tenant unless `tenantID` names one.
    static func create(admin: AdminClient, tenantID: String? = nil) throws -> BenchRealm {
        let tenantID = try tenantID ?? admin.post(AdminAPI.tenants, TenantInput(displayName: "Bench"), as: Tenant.self).id
        let realm = try admin.post(
            AdminAPI.realms(tenant: tenantID),
            RealmInput(displayName: "Bench", registrationRedirectURI: "https://bench.example/register"), as: Realm.self)
        var input = ApplicationInput()
        input.displayName = "Bench"
        input.clientType = ClientType.public.rawValue
        input.redirectURIs = [redirectURI]
        input.invokeURL = "https://bench.example/invoke"
        let application = try admin.post(
            AdminAPI.applications(tenant: tenantID, realm: realm.id), input, as: Application.self)
        input.displayName = "Bench web"
        input.signInMethods = [SignInMethod.passkey, .crossDevice].map(\.rawValue)
        let web = try admin.post(AdminAPI.applications(tenant: tenantID, realm: realm.id), input, as: Application.self)
        guard let issuer = URL(string: realm.issuer) else { throw BenchError("the issuer is not a URL") }
        return BenchRealm(
            tenantID: tenantID, realmID: realm.id, clientID: application.clientID, webClientID: web.clientID, issuerPath: issuer.path,
            issuer: issuer,
            redirectURI: redirectURI)
    }

    /// Enrolls device `index`: an identity, a registration link returned to the caller, and a
    /// credential bound with a CSR for a new key (three requests).
    func enroll(_ index: Int, admin: AdminClient) throws -> BenchDevice {
        let identity = try admin.post(
            AdminAPI.identities(tenant: tenantID, realm: realmID),
            IdentityInput(username: "user\(index)-\(UUID().uuidString.prefix(8).lowercased())", displayName: "User \(index)"),
            as: Identity.self)
        let job = try admin.post(
            AdminAPI.bindingJobs(tenant: tenantID, realm: realmID, identity: identity.id), BindingJobInput(kind: BindingJobKind.registration.rawValue, delivery: BindingJobDelivery.return.rawValue),
            as: BindingJob.self)
        guard let link = job.credentialBindingLink.flatMap({ URLComponents(string: $0) }),
              let token = link.queryItems?.first(where: { $0.name == DeviceURLParameter.bindingToken })?.value
        else { throw BenchError("the binding job has no link with a token") }
        let key = P256.Signing.PrivateKey()
        let csr = try CertificateSigningRequest(
            version: .v1, subject: try DistinguishedName { CommonName("bench-device") },
            privateKey: Certificate.PrivateKey(key), attributes: .init())
        let request = BindCredentialRequest(bindingToken: token, csr: try csr.serializeAsPEM().pemString, deviceName: "bench")
        let response = try admin.connection.postJSON(DeviceAPI.bindCredential, request)
            .decode(BindCredentialResponse.self, expecting: 201, what: "bind a credential")
        return BenchDevice(credentialID: response.credential.id, certificateChain: response.certificateChain, key: key)
    }
}
