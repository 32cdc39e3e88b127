import Foundation
import IdentityProtocol
import Testing

/// `AdminAPI`, the one place clients build admin paths, against the OpenAPI document: each of
/// its paths is one of the document's, and it has a path for every one of them.
@Suite struct AdminAPIPathTests {
    /// Ids that must stay one path segment each: a `/`, `?` or `#` in one is percent-encoded.
    private static let (t, r, x) = ("t/1?", "r#2", "x y")

    /// Every path `AdminAPI` makes.
    private static let paths: [String] = [
        AdminAPI.openAPIDocument, AdminAPI.auditEvents,
        AdminAPI.tokens, AdminAPI.token(x), AdminAPI.revokeToken(x), AdminAPI.operators, AdminAPI.operator(x),
        AdminAPI.tenants, AdminAPI.tenant(t),
        AdminAPI.realms(tenant: t), AdminAPI.realm(tenant: t, realm: r),
        AdminAPI.signingKeys(tenant: t, realm: r), AdminAPI.rotateSigningKeys(tenant: t, realm: r),
        AdminAPI.applications(tenant: t, realm: r), AdminAPI.application(tenant: t, realm: r, application: x),
        AdminAPI.rotateClientSecret(tenant: t, realm: r, application: x),
        AdminAPI.identities(tenant: t, realm: r), AdminAPI.identity(tenant: t, realm: r, identity: x),
        AdminAPI.credentials(tenant: t, realm: r, identity: x), AdminAPI.credential(tenant: t, realm: r, identity: x, credential: x),
        AdminAPI.revokeCredential(tenant: t, realm: r, identity: x, credential: x),
        AdminAPI.sessions(tenant: t, realm: r, identity: x), AdminAPI.revokeSession(tenant: t, realm: r, identity: x, session: x),
        AdminAPI.bindingJobs(tenant: t, realm: r, identity: x), AdminAPI.bindingJob(tenant: t, realm: r, identity: x, job: x),
        AdminAPI.revokeBindingJob(tenant: t, realm: r, identity: x, job: x),
        AdminAPI.provisioningTokens(tenant: t, realm: r), AdminAPI.provisioningToken(tenant: t, realm: r, token: x),
        AdminAPI.revokeProvisioningToken(tenant: t, realm: r, token: x),
        AdminAPI.webhooks(tenant: t), AdminAPI.webhook(tenant: t, webhook: x), AdminAPI.rotateWebhookSecret(tenant: t, webhook: x),
        AdminAPI.testWebhook(tenant: t, webhook: x), AdminAPI.webhookDeliveries(tenant: t, webhook: x),
        AdminAPI.webhookDelivery(tenant: t, webhook: x, delivery: x), AdminAPI.replayWebhookDelivery(tenant: t, webhook: x, delivery: x),
    ]

    @Test func everyPathIsOneOfTheDocumentsAndEveryDocumentedPathHasOne() throws {
        let templates = try OpenAPITestDocument().paths.keys
        var matched: Set<String> = []
        for path in Self.paths {
            let matching = templates.filter { Self.matches(path, template: $0) }
            #expect(matching.count == 1, "\(path) matches \(matching.sorted())")
            matched.formUnion(matching)
        }
        #expect(Set(templates).subtracting(matched).sorted() == [], "paths of the document AdminAPI cannot make")
    }

    @Test func idsArePercentEncodedAsOneSegment() {
        #expect(AdminAPI.tenant("t/1?") == "/v1/admin/tenants/t%2F1%3F")
        #expect(AdminAPI.realm(tenant: "a", realm: "r#2") == "/v1/admin/tenants/a/realms/r%232")
        #expect(AdminAPI.tenant("bic_Ab-9.x~") == "/v1/admin/tenants/bic_Ab-9.x~")
    }

    @Test func pagesAskForTheirSizeAndCursor() {
        #expect(AdminAPI.page(AdminAPI.tenants, size: nil, cursor: nil) == "/v1/admin/tenants")
        #expect(AdminAPI.page(AdminAPI.tenants, size: 20, cursor: nil) == "/v1/admin/tenants?page_size=20")
        #expect(AdminAPI.page(AdminAPI.auditEvents, size: 5, cursor: "17:a+b&c") == "/v1/admin/audit-events?page_size=5&cursor=17:a%2Bb%26c")
    }

    /// Whether `path` fills `template`, each `{param}` with one non-empty segment.
    private static func matches(_ path: String, template: String) -> Bool {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        let patterns = template.split(separator: "/", omittingEmptySubsequences: false)
        return segments.count == patterns.count && zip(segments, patterns).allSatisfy { segment, pattern in
            pattern.hasPrefix("{") ? !segment.isEmpty : segment == pattern
        }
    }
}
