import Foundation
import IdentityProtocol
import IdentityServer
import IdentityServerCore
import Logging
import ServerTestSupport
import Synchronization
import TestProcessSupport
import Testing

/// Traces end to end: a live server exports its spans over OTLP/HTTP to a receiver that decodes
/// them with the OpenTelemetry collector's own definitions, while a sign-in runs from its
/// `/authorize` (sent with the caller's `traceparent`) through the device's answer, the code's
/// exchange and the first refresh, and a webhook reports it.
@Suite struct TracesTests {
    /// 16 random bytes, or 8, as W3C trace context's lowercase hex.
    private static func hexID(bytes: Int) -> String {
        (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: 1...255)) }.joined()
    }

    @Test(.requires(.otelproto), .requires(.standardwebhooks))
    func aSignInIsOneStoryFromItsAuthorizeToItsFirstRefresh() async throws {
        try await OTLPReceiver.with { receiver in
            try await WebhookReceiver.with { hooks in
                let lines = Mutex<[String]>([])
                let caller = (trace: Self.hexID(bytes: 16), span: Self.hexID(bytes: 8))
                let secrets = Mutex<[String]>([])
                try await RunningServer.withRealm(.live, configure: { configuration in
                    configuration.traces.endpoint = receiver.endpoint
                    // The test is the platform's own caller here; the next test is a stranger.
                    configuration.traces.continueFrom = .everyone
                    WebhookDeliveryTests.fast(&configuration)
                    configuration.logger = Logger(label: "bi-server") { label in
                        var handler = JSONLogHandler(label: label, metadataProvider: ServerLogMetadata.provider) { line in
                            lines.withLock { $0.append(line) }
                        }
                        handler.logLevel = .info
                        return handler
                    }
                }) { server, realm in
                    let hook = try await WebhookDeliveryTests.endpoint(
                        server, tenant: realm.tenantID, url: hooks.url("/hooks"), events: ["sign_in.succeeded"])
                    try hooks.verify(["/hooks": [hook.secret]])
                    var device = TestDevice()
                    let link = try await realm.enrollmentLink()
                    try #require(try await device.enroll(link: link, server: server).status == 201)
                    let party = TestRelyingParty(application: realm.confidential, server: server)

                    let invoke = try await server.client().send(
                        "GET", try party.authorizeURL(), headers: ["traceparent": "00-\(caller.trace)-\(caller.span)-01"])
                    try #require(invoke.status == 302)
                    let answer = try await device.authenticate(invokeURL: try #require(invoke.location), server: server)
                    let code = try party.code(from: answer)
                    let tokens = try await party.exchange(code)
                    let refreshToken = try #require(tokens.json["refresh_token"] as? String)
                    let refreshed = try await party.post(ProviderPath.token, ["grant_type": "refresh_token", "refresh_token": refreshToken])
                    try #require(refreshed.status == 200)
                    let delivered = try await hooks.wait { $0.contains { $0.type == "sign_in.succeeded" } }
                    // Trace fields that do not read, with credentials beside them: the request is
                    // answered as ever, and nothing of its header reaches the log.
                    let hostile = try await server.admin.send("GET", AdminAPI.tenants, headers: [
                        "traceparent": "00-garbage-\(String(repeating: "f", count: 4000))",
                        "tracestate": (0..<600).map { "k\($0)=v" }.joined(separator: ","),
                    ])
                    #expect(hostile.status == 200)

                    let issued = [server.adminToken, hook.secret, code, refreshToken, try #require(realm.confidential.clientSecret)]
                        + [link.components(separatedBy: "token=").last ?? link]
                        + ["access_token", "id_token", "refresh_token"].flatMap { name in
                            [tokens.json[name], refreshed.json[name]].compactMap { $0 as? String }
                        }
                    secrets.withLock { $0 = issued }
                    let spans = try await receiver.wait("the sign-in's spans and the webhook's") { spans in
                        spans.filter { ($0.attributes["http.route"] as? String)?.hasSuffix("/token") == true }.count >= 2
                            && spans.contains { $0.name == "webhook attempt" }
                            && spans.contains { ($0.attributes["http.route"] as? String)?.hasSuffix("/authorize") == true }
                    }
                    try check(spans, caller: caller, realm: realm, webhook: try #require(delivered.first { $0.type == "sign_in.succeeded" }))
                }
                let logged = lines.withLock { $0 }
                let authorizeLine = try #require(logged.first { $0.contains("\"path\":\"") && $0.contains("/authorize\"") })
                #expect(authorizeLine.contains("\"trace_id\":\"\(caller.trace)\""), "the request's log line names its trace: \(authorizeLine)")
                // Nothing secret in any span (names, attributes, events) nor in any log line.
                let exported = try receiver.spans().flatMap(OTLPReceiver.texts(of:))
                for secret in secrets.withLock({ $0 }) where secret.count >= 16 {
                    #expect(!exported.contains { $0.contains(secret) }, "a span holds a secret (\(secret.prefix(6))…)")
                    #expect(!logged.contains { $0.contains(secret) }, "a log line holds a secret (\(secret.prefix(6))…)")
                }
            }
        }
    }

    @Test(.requires(.otelproto)) func anEmailCodeSignInFromAStrangerLinksEachStepAndNamesNoAddress() async throws {
        try await OTLPReceiver.with { receiver in
            try await RunningServer.withRealm(.live, configure: { $0.traces.endpoint = receiver.endpoint }) { server, realm in
                let offered = try await server.admin.send(
                    "PATCH", try await realm.adminPath(of: realm.publicClient), json: ["sign_in_methods": ["same_device", "email_code"]])
                try #require(offered.status == 200)
                let party = TestRelyingParty(application: realm.publicClient, server: server)
                // A stranger's trace, asking not to be recorded: linked, not continued.
                let stranger = (trace: Self.hexID(bytes: 16), span: Self.hexID(bytes: 8))
                let invoke = try #require(try await server.client().send(
                    "GET", try party.authorizeURL(), headers: ["traceparent": "00-\(stranger.trace)-\(stranger.span)-00"]).location)
                let started = try await server.client().send("POST", EmailCodeAPI.begin, json: [
                    "transaction": try #require(HTTPTestClient.queryItem("transaction", in: invoke)), "email": "ada@example.com",
                ])
                let challenge = try #require(started.json["challenge"] as? String)
                let code = try RunningServer.emailCode(in: try await server.mail(to: "ada@example.com"))
                let redeemed = try await server.client().send("POST", EmailCodeAPI.redeem, json: ["challenge": challenge, "code": code])
                let redirect = try #require(redeemed.json["redirect_uri"] as? String)
                let tokens = try await party.exchange(try #require(HTTPTestClient.queryItem("code", in: redirect)))
                try #require(tokens.status == 200)

                let route = { (span: OTLPReceiver.Span) in span.attributes["http.route"] as? String ?? "" }
                let spans = try await receiver.wait("the email code sign-in's spans") { spans in
                    spans.contains { route($0).hasSuffix("/token") } && spans.contains { route($0) == EmailCodeAPI.redeem }
                }
                let authorize = try #require(spans.first { route($0).hasSuffix("/authorize") })
                #expect(authorize.parentSpanID.isEmpty, "a root span: the stranger's trace is not continued")
                #expect(authorize.traceID != stranger.trace)
                #expect(authorize.links.contains { $0.traceID == stranger.trace && $0.spanID == stranger.span && $0.attributes["bi.link"] as? String == "caller" })
                for path in [EmailCodeAPI.begin, EmailCodeAPI.redeem, "/token"] {
                    let step = try #require(spans.first { route($0).hasSuffix(path) }, "no span for \(path)")
                    #expect(step.links.contains { $0.traceID == authorize.traceID && $0.spanID == authorize.spanID }, "\(path) links to /authorize")
                }
                let exported = spans.flatMap(OTLPReceiver.texts(of:)).map { $0.lowercased() }
                for secret in ["ada@example.com", code, challenge] {
                    #expect(!exported.contains { $0.contains(secret.lowercased()) }, "a span holds \(secret)")
                }
            }
        }
    }

    @Test(.requires(.otelproto)) func aSignInApprovedOnAnotherDeviceLinksTheDevicesStepsToTheBrowsers() async throws {
        try await OTLPReceiver.with { receiver in
            try await RunningServer.withEnrolledDevice(.live, configure: { $0.traces.endpoint = receiver.endpoint }) { server, realm, device in
                let methods = try await server.admin.send(
                    "PATCH", try await realm.adminPath(of: realm.confidential), json: ["sign_in_methods": ["cross_device"]])
                try #require(methods.status == 200)
                let party = TestRelyingParty(application: realm.confidential, server: server)
                let browser = TestBrowser(server: server)
                try #require(try await browser.get(try party.authorizeURL()).status == 303)
                _ = try await browser.get(try #require(await browser.lastLocation))
                let code = try TestDevice.code(in: try #require(await browser.signInURL))
                try #require(try await device.approve(code, server: server).status == 200)
                let pagePath = try #require(await browser.pagePath)
                let redirect = try #require(try await browser.post(pagePath + "/continue").location)
                try #require(try await party.exchange(try #require(HTTPTestClient.queryItem("code", in: redirect))).status == 200)

                let route = { (span: OTLPReceiver.Span) in span.attributes["http.route"] as? String ?? "" }
                let spans = try await receiver.wait("the cross-device sign-in's spans") { spans in
                    spans.contains { route($0).hasSuffix("/token") } && spans.contains { route($0).hasSuffix("/continue") }
                }
                let authorize = try #require(spans.first { route($0).hasSuffix("/authorize") })
                let linked = spans.filter { span in
                    span.links.contains { $0.traceID == authorize.traceID && $0.spanID == authorize.spanID }
                }.map(route)
                // The phone's approval, the browser's continuation and the backend's exchange: three
                // devices, one sign-in.
                for step in [CrossDeviceAPI.context, CrossDeviceAPI.approve] {
                    #expect(linked.contains(step), "the phone's \(step) links to /authorize: \(linked)")
                }
                #expect(linked.contains { $0.hasSuffix("/continue") } && linked.contains { $0.hasSuffix("/token") }, "\(linked)")
            }
        }
    }

    /// What the sign-in's spans must show: the caller's trace continued, route templates as
    /// names, each later step linked to `/authorize`, storage under requests, and the webhook's
    /// `traceparent` naming its attempt's span.
    private func check(
        _ spans: [OTLPReceiver.Span], caller: (trace: String, span: String), realm: TestRealm, webhook: WebhookReceiver.Message
    ) throws {
        let server = spans.filter { $0.kind == "SPAN_KIND_SERVER" }
        let route = { (span: OTLPReceiver.Span) in span.attributes["http.route"] as? String ?? "" }
        let authorize = try #require(server.first { route($0).hasSuffix("/authorize") })
        #expect(authorize.traceID == caller.trace && authorize.parentSpanID == caller.span, "the caller's traceparent is the parent")
        #expect(authorize.resource["service.name"] as? String == "bi-server")
        #expect(route(authorize).contains("{"), "a route template: \(authorize.name)")
        for span in server {
            #expect(span.name == "\(span.attributes["http.request.method"] as? String ?? "?") \(route(span))", "\(span.name)")
            #expect(![realm.tenantID, realm.realmID, "?"].contains { span.name.contains($0) }, "no id or query in \(span.name)")
        }
        let linksToAuthorize = { (span: OTLPReceiver.Span) in
            span.links.contains { $0.traceID == authorize.traceID && $0.spanID == authorize.spanID && $0.attributes["bi.link"] as? String == "sign-in" }
        }
        for path in [DeviceAPI.authenticationChallenge, DeviceAPI.authenticate] {
            let step = try #require(server.first { route($0) == path }, "no span for \(path)")
            #expect(linksToAuthorize(step), "\(path) links to the sign-in's /authorize")
        }
        let tokenSpans = server.filter { route($0).hasSuffix("/token") }
        #expect(tokenSpans.count == 2 && tokenSpans.allSatisfy(linksToAuthorize), "the exchange and the refresh link to /authorize")
        let storage = spans.filter { $0.name.hasPrefix("IdentityStore.") && tokenSpans.map(\.spanID).contains($0.parentSpanID) }
        #expect(!storage.isEmpty && storage.allSatisfy { $0.attributes["db.system.name"] as? String == "sqlite" })
        // Named after the store's operations, never after the helpers they share.
        let helpers = ["fetch", "fetchKeeping", "insert", "list", "audited", "claimLeased", "useOnce", "deleteBatch"]
        #expect(!spans.contains { span in helpers.contains { span.name == "IdentityStore.\($0)" } }, "\(Set(spans.map(\.name)))")
        #expect(spans.contains { $0.name == "SQLite group commit" && storage.map(\.spanID).contains($0.parentSpanID) })
        #expect(spans.contains { $0.name.hasPrefix("sign ") && tokenSpans.map(\.spanID).contains($0.parentSpanID) })
        let attempt = try #require(spans.first { $0.name == "webhook attempt" && $0.kind == "SPAN_KIND_CLIENT" })
        #expect(webhook.traceparent == "00-\(attempt.traceID)-\(attempt.spanID)-01", "the webhook carries its attempt's traceparent")
    }
}
