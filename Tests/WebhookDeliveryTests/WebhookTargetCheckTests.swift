import Foundation
import Testing

import IdentityServerCore
import WebhookDelivery

/// What webhook requests may reach (issue 34: SSRF): https to public addresses only, unless
/// private targets are allowed.
@Suite struct WebhookTargetCheckTests {
    @Test(arguments: [
        ("127.0.0.1", "loopback"), ("127.8.9.1", "loopback"), ("::1", "loopback"), ("10.1.2.3", "private"),
        ("172.16.0.1", "private"), ("172.31.255.255", "private"), ("192.168.1.1", "private"), ("169.254.169.254", "metadata"),
        ("169.254.1.1", "link-local"), ("fe80::1", "link-local"), ("fd00::1", "unique-local"), ("fc12::1", "unique-local"),
        ("::ffff:127.0.0.1", "loopback"), ("::ffff:169.254.169.254", "metadata"), ("::ffff:10.0.0.1", "private"),
        ("64:ff9b::a9fe:a9fe", "metadata"), ("::", "unspecified"), ("0.0.0.0", "unspecified"), ("100.64.0.1", "shared (carrier-grade NAT)"),
        ("224.0.0.1", "multicast"), ("ff02::1", "multicast"), ("255.255.255.255", "reserved"),
        ("64:ff9b:1::a00:1", "local-use NAT64"), ("2002:a00:1::1", "private"), ("2002:a9fe:a9fe::", "metadata"),
        ("2001:0:4136:e378::1", "Teredo"), ("fd00:ec2::254", "metadata"), ("fd20:ce::254", "metadata"),
        ("100.100.100.200", "metadata"), ("192.0.0.192", "metadata"), ("169.254.170.2", "link-local"), ("fd00:ec2::253", "unique-local"),
        ("168.63.129.16", "metadata"), ("::ffff:0:a9fe:a9fe", "metadata"), ("::ffff:0:808:808", "IPv4-translated"),
    ])
    func nonPublicAddressesAreNamed(address: String, kind: String) {
        #expect(WebhookTargetCheck.nonPublicKind(address) == kind)
    }

    @Test(arguments: [
        "93.184.215.14", "1.1.1.1", "172.32.0.1", "192.169.0.1", "2606:4700::1111", "::ffff:8.8.8.8", "169.253.1.1", "2002:808:808::1",
    ])
    func publicAddressesPass(address: String) {
        #expect(WebhookTargetCheck.nonPublicKind(address) == nil)
    }

    @Test func onlyHTTPSUnlessPrivateTargetsAreAllowed() throws {
        let strict = WebhookTargetCheck(allowPrivateTargets: false)
        #expect(throws: WebhookTargetCheck.Refusal.self) { try strict.validate("http://hooks.example/in") }
        #expect(throws: WebhookTargetCheck.Refusal.self) { try strict.validate("ftp://hooks.example/in") }
        #expect(throws: WebhookTargetCheck.Refusal.self) { try strict.validate("https://user:pw@hooks.example/in") }
        #expect(throws: WebhookTargetCheck.Refusal.self) { try strict.validate("/relative") }
        _ = try strict.validate("https://hooks.example/in?x=1")
        _ = try WebhookTargetCheck(allowPrivateTargets: true).validate("http://127.0.0.1:8080/in")
    }

    /// The clouds' metadata services (all of link-local, and those named outside it: AWS and
    /// Google Cloud over IPv6, Alibaba Cloud, Oracle Cloud) are refused even where private
    /// targets are allowed.
    @Test(arguments: [
        "http://169.254.169.254/latest/meta-data", "http://169.254.170.2/v2/credentials", "http://[fd00:ec2::254]/latest/meta-data",
        "http://[fd20:ce::254]/computeMetadata/v1", "http://100.100.100.200/latest/meta-data", "http://192.0.0.192/opc/v1",
        "http://[fe80::1]/", "http://[::ffff:169.254.170.2]/", "http://168.63.129.16/machine", "http://[::ffff:0:a9fe:a9fe]/",
        "http://[64:ff9b:1::a9fe:a9fe]/", "http://[2001:0:4136:e378:8000:63bf:5601:5601]/",
    ])
    func metadataServicesAreNeverATarget(url: String) async throws {
        let lenient = WebhookTargetCheck(allowPrivateTargets: true)
        await #expect(throws: WebhookTargetCheck.Refusal.self) { _ = try await lenient.check(url) }
    }

    @Test func privateTargetsPassWhereAllowed() async throws {
        let lenient = WebhookTargetCheck(allowPrivateTargets: true)
        _ = try await lenient.check("http://127.0.0.1:9/in")
        _ = try await lenient.check("http://10.0.0.1:9/in")
        _ = try await lenient.check("http://[fd00:ec2::253]:9/in")
    }

    @Test func loopbackAndNamesResolvingToPrivateAddressesAreRefusedAtTheAttempt() async throws {
        let strict = WebhookTargetCheck(allowPrivateTargets: false)
        for url in ["https://127.0.0.1/in", "https://[::1]:8443/in", "https://169.254.169.254/latest/meta-data", "https://localhost/in"] {
            await #expect(throws: WebhookTargetCheck.Refusal.self, "\(url)") { _ = try await strict.check(url) }
        }
        let allowed = try await WebhookTargetCheck(allowPrivateTargets: true).check("http://localhost:9/in")
        #expect(allowed.host == "localhost" && WebhookTargetCheck.nonPublicKind(allowed.address) == "loopback")
        let literal = try await WebhookTargetCheck(allowPrivateTargets: true).check("http://[::1]:9/in")
        #expect(literal == WebhookTargetCheck.Target(host: "::1", address: "::1"))
    }

    /// An address is its own resolution, and a name under `invalid.` (RFC 6761) resolves to
    /// nothing without a DNS query.
    @Test func addressesAndInvalidNamesResolveWithoutDNS() async throws {
        #expect(try await WebhookTargetCheck.resolve("127.0.0.1") == ["127.0.0.1"])
        #expect(try await WebhookTargetCheck.resolve("2001:db8::1") == ["2001:db8::1"])
        // Forms of loopback that are not an address to inet_pton still resolve, and are refused.
        let strict = WebhookTargetCheck(allowPrivateTargets: false)
        for url in ["https://0177.0.0.1/in", "https://2130706433/in", "https://127.1/in", "https://0x7f.1/in"] {
            let refusal = await #expect(throws: WebhookTargetCheck.Refusal.self, "\(url)") { _ = try await strict.check(url) }
            #expect(refusal?.description.hasSuffix("a loopback address (webhooks.allow_private_targets allows it)") == true, "\(url)")
        }
        for name in ["hooks.invalid", "HOOKS.INVALID.", "invalid"] {
            await #expect(throws: WebhookTargetCheck.Refusal(description: "\(name) does not resolve (a special-use name, RFC 6761)")) {
                try await WebhookTargetCheck.resolve(name)
            }
        }
    }
}
