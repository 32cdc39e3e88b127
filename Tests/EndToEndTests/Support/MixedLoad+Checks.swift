import Foundation
import IdentityProtocol
import ServerTestSupport
import Testing
import TestProcessSupport

/// What the multi-instance tests check after the load.
extension MixedLoad {
    /// Reads back, through each instance, what the load was acknowledged.
    func checkNothingLost(_ acknowledged: [Acknowledged]) async throws {
        // No limit refused the load (its rounds would have been started again and again).
        #expect(log.attempts.filter { $0.status == 429 }.isEmpty)
        let instances = servers.instanceURLs.map { HTTPTestClient(baseURL: $0, bearer: servers.adminToken) }
        for instance in instances { try await instance.waitUntilHealthy() }
        let signIns = acknowledged.filter { $0.kind == .signIn }
        for (index, signIn) in signIns.enumerated() {
            let application = try #require(signIn.application)
            let token = path(application.issuer + ProviderPath.token)
            let basic = ["Authorization": "Basic " + Data("\(application.clientID):\(application.clientSecret ?? "")".utf8).base64EncodedString()]
            // The refresh token the application holds works, once.
            let on = instances[index % instances.count]
            let refreshed = try await on.send("POST", token, form: ["grant_type": "refresh_token", "refresh_token": signIn.value], headers: basic)
            #expect(refreshed.status == 200, "\(refreshed.json)")
            let replayed = try await on.send("POST", token, form: ["grant_type": "refresh_token", "refresh_token": signIn.value], headers: basic)
            #expect(replayed.status == 400 && replayed.error == "invalid_grant")
            // No code is exchanged twice, whichever instance is asked (its replay also ends its session).
            let again = try await instances[(index + 1) % instances.count].send("POST", token, form: [
                "grant_type": "authorization_code", "code": signIn.code ?? "", "redirect_uri": TestRealm.callback,
                "code_verifier": PKCES256.makeVerifier(),
            ], headers: basic)
            #expect(again.status == 400 && again.error == "invalid_grant", "\(again.json)")
        }
        for (index, write) in acknowledged.enumerated() where write.kind == .identity {
            let read = try await instances[index % instances.count].send("GET", write.value)
            #expect(read.status == 200, "an acknowledged identity is there: \(write.value)")
        }
        var keys: Set<Data> = []
        for instance in instances { keys.insert(try await instance.send("GET", path(realm.confidential.issuer + ProviderPath.jwks)).body) }
        #expect(keys.count == 1, "one JWKS everywhere")

        // Every event of the audit log the endpoint takes (identity.created and sign_in.succeeded) arrived, verified (a delivery whose
        // instance died is sent again by another once its lease lapses: each at least once).
        var events: Set<String> = []
        for event in try await instances[0].allItems(AdminAPI.auditEvents) where event["tenant_id"] as? String == realm.tenantID {
            let type = event["type"] as? String
            // The realm's first identity was created before the endpoint.
            guard type == "authentication.succeeded"
                || type == "admin.identity.created" && event["subject_id"] as? String != realm.identityID
            else { continue }
            events.insert(try #require(event["id"] as? String))
        }
        // An identity created, a device's sign-in (not approvals from another device, audited as such).
        let audited = acknowledged.filter { $0.kind == .identity || $0.application?.clientID == realm.confidential.clientID }
        #expect(events.count >= audited.count, "an event per identity and per device's sign-in")
        do {
            let messages = try await receiver.wait(timeout: .seconds(180)) { messages in
                events.isSubset(of: Set(messages.filter { $0.status == 200 }.map(\.id)))
            }
            #expect(messages.allSatisfy { $0.verifiedBy == [0] })
        } catch {
            let arrived = Set(try receiver.messages().filter { $0.status == 200 }.map(\.id))
            Issue.record("\(events.subtracting(arrived).count) of \(events.count) events never arrived: \(events.subtracting(arrived).sorted())")
            throw error
        }
        // Every enrollment email acknowledged was sent.
        let mailed = Set(acknowledged.filter { $0.kind == .enrollmentMail }.map(\.value))
        try await eventually(within: .seconds(180), "every enrollment email at the SMTP server") {
            let recipients = Set(try smtp.messages().flatMap { $0["rcpt_tos"] as? [String] ?? [] })
            return mailed.isSubset(of: recipients) ? () : nil
        }
    }

    /// What the load did, in words.
    static func summary(_ acknowledged: [Acknowledged]) -> String {
        let count = { (kind: Acknowledged.Kind) in acknowledged.filter { $0.kind == kind }.count }
        return "\(count(.signIn)) sign-ins (each a code exchange and \(refreshes) refreshes; "
            + "\(browsers * crossDeviceRounds) approved from another device), \(count(.identity)) identities "
            + "created, \(count(.enrollmentMail)) enrollment emails"
    }

    /// `url` as a path on any instance.
    private func path(_ url: String) -> String {
        String(url.dropFirst(servers.baseURL.count))
    }
}
