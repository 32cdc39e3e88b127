package import Crypto
package import Foundation
import IdentityProtocol
package import IdentityStorage
import Logging
import Prometheus
import Synchronization

import IdentityServer
package import IdentityServerCore
package import RealmKeys
package import OpenIDProvider
package import DeviceSignIn
package import Administration

/// The one place service-level tests build services from (as dex's `server/helpers_test.go`):
/// a migrated SQLite store in a temporary directory, realm keys under a random master key, and
/// a clock the test moves. No HTTP, no port.
package final class ServiceFixture: Sendable {
    package let store: SQLIdentityStore
    package let keyring: RealmKeyring
    package let sealer = SecretSealer(masterKey: SymmetricKey(size: .bits256))
    package let seal = TransactionSeal(masterKey: SymmetricKey(size: .bits256))
    package let dpopNonceKey = SymmetricKey(size: .bits256)
    package let clock = TestClock(standingStillAt: Date(timeIntervalSince1970: 1_800_000_000))
    package let baseURL = PublicBaseURL("http://bi.test")
    package let lifetimes = ArtifactLifetimes()
    package let metrics = ServerMetrics(registry: PrometheusCollectorRegistry())
    private let directory: URL

    private init(store: SQLIdentityStore, directory: URL) {
        self.store = store
        self.directory = directory
        let clock = clock
        keyring = RealmKeyring(store: store, sealer: sealer, now: { clock.now() })
    }

    /// Runs `body` with a fresh fixture, removed afterwards.
    package static func with(_ body: (ServiceFixture) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-service-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withStore(in: directory) { store in
            try await store.migrate()
            try await body(ServiceFixture(store: store, directory: directory))
        }
    }

    /// Runs `body` with a second store on the fixture's database, as another server process
    /// would open it (a SQLite store hears nothing of another's changes).
    package func withAnotherStore(_ body: (SQLIdentityStore) async throws -> Void) async throws {
        try await Self.withStore(in: directory, body)
    }

    /// Runs `body` with a store on the SQLite file in `directory`, shut down however `body` ends.
    private static func withStore(in directory: URL, _ body: (SQLIdentityStore) async throws -> Void) async throws {
        let store = try await SQLIdentityStore.sqlite(
            path: directory.appendingPathComponent("identity.sqlite").path, logger: Logger(label: "test"))
        do {
            try await body(store)
        } catch {
            try? await store.shutdown()
            throw error
        }
        try await store.shutdown()
    }

    package var now: @Sendable () -> Date { { [clock] in clock.now() } }
    package var audit: AuditLog { AuditLog(store: store, now: now) }

    /// The admin service acting for a token labelled `label`.
    package func admin(as label: String = "test") -> AdminService {
        let token = AdminTokenRecord(tokenHash: Data(SHA256.hash(data: Data(label.utf8))), label: label, createdAt: clock.now())
        return AdminService(
            store: store, keyring: keyring, audit: audit, lifetimes: lifetimes, baseURL: baseURL, now: now, admin: AdminPrincipal(token))
    }

    /// The authorization endpoint's service.
    package func authorization() -> AuthorizationService {
        AuthorizationService(
            store: store, seal: seal, lifetimes: lifetimes, crossDeviceLifetime: 120, baseURL: baseURL, now: now)
    }

    /// The device side of a sign-in.
    package func deviceAuthentication() -> DeviceAuthenticationService {
        DeviceAuthenticationService(
            store: store, keyring: keyring, seal: seal, audit: audit, metrics: metrics, lifetimes: lifetimes, baseURL: baseURL,
            now: now)
    }

    /// The token endpoint's service.
    package func tokens() -> TokenService {
        TokenService(
            store: store, keyring: keyring, dpop: dpop, pinnedKeys: PinnedKeys(), audit: audit, metrics: metrics, lifetimes: lifetimes,
            publicClientProofs: PublicClientProofLimits(), baseURL: baseURL, now: now)
    }

    /// The check of DPoP proofs, with nonces under a key of its own.
    package var dpop: DPoPCheck {
        DPoPCheck(store: store, nonces: DPoPNonces(masterKey: dpopNonceKey, now: now), now: now)
    }

    /// A tenant, a realm, a public application and an identity, made through the admin service.
    package func seedRealm() async throws -> SeededRealm {
        let admin = admin()
        let tenant = try await admin.createTenant(TenantInput(displayName: "Acme"))
        let realm = try await admin.createRealm(
            tenant.id, RealmInput(displayName: "Customers", registrationRedirectURI: "https://app.example/register"))
        let application = try await admin.createApplication(tenant.id, realm.id, ApplicationInput(
            displayName: "Shop", clientType: ClientType.public.rawValue, redirectURIs: ["https://app.example/callback"],
            invokeURL: "https://app.example/invoke"))
        let identity = try await admin.createIdentity(
            RealmPath(tenantID: tenant.id, realmID: realm.id), IdentityInput(username: "ada", email: "ada@example.com"))
        return SeededRealm(tenantID: tenant.id, realmID: realm.id, clientID: application.clientID, identityID: identity.id)
    }
}

/// What ``ServiceFixture/seedRealm()`` made.
package struct SeededRealm: Sendable {
    package let tenantID: String
    package let realmID: String
    package let clientID: String
    package let identityID: String

    package var realm: RealmPath { RealmPath(tenantID: tenantID, realmID: realmID) }
}
