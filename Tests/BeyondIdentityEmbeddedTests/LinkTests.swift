@testable import BeyondIdentityEmbedded
import Foundation
import Testing

@Suite struct LinkTests {
    let server = Domain(baseURL: URL(string: "http://127.0.0.1:18080/")!)

    func token(_ link: String) throws -> String {
        try EnrollmentLink.bindingToken(from: URL(string: link)!, server: server)
    }

    @Test func domainDropsTheTrailingSlash() {
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:18080")
    }

    @Test func registrationRedirectForm() throws {
        #expect(try token("https://app.example/register?api_base_url=http%3A%2F%2F127.0.0.1%3A18080&token=T1") == "T1")
        #expect(try token("https://app.example/register?token=T1&api_base_url=http://127.0.0.1:18080/") == "T1")
    }

    @Test func emailLinkForm() throws {
        #expect(try token("http://127.0.0.1:18080/v1/bind?token=T2") == "T2")
    }

    @Test func linksOfAnotherServerAreRefused() {
        #expect(throws: BISDKError.otherServer(apiBaseURL: "https://evil.example")) {
            try token("https://app.example/register?api_base_url=https://evil.example&token=T")
        }
        #expect(throws: BISDKError.otherServer(apiBaseURL: "http://127.0.0.1:9999")) {
            try token("http://127.0.0.1:9999/v1/bind?token=T")
        }
    }

    /// Found by fuzzing: a link whose scheme is empty trapped in URLComponents; it is refused,
    /// as is anything without a scheme and a host, saying what a link looks like.
    @Test func aLinkWithAnEmptySchemeIsRefusedNotACrash() {
        let notALink = BISDKError.invalidLink(
            "expected the link from the enrollment email ({server}/v1/bind?token=…) or the registration redirect")
        for text in ["://n", "-", "token=T"] { #expect(throws: notALink, "\(text)") { try token(text) } }
        #expect(throws: BISDKError.otherServer(apiBaseURL: "http://127.0.0.1:9999")) { try token("HTTP://127.0.0.1:9999/v1/bind?token=T") }
    }

    @Test func malformedLinksAreRefused() {
        #expect(throws: BISDKError.invalidLink("no binding token")) {
            try token("https://app.example/register?api_base_url=http://127.0.0.1:18080")
        }
        #expect(throws: BISDKError.invalidLink("no binding token")) { try token("http://127.0.0.1:18080/v1/bind?token=") }
        #expect(throws: BISDKError.invalidLink("not an enrollment link")) { try token("http://127.0.0.1:18080/v1/other?token=T") }
    }

    @Test func invokeURLs() async throws {
        let embedded = await FakeServer().embedded(keyStore: FileKeyStore(directory: temporaryDirectory()))
        #expect(embedded.isAuthenticateUrl(URL(string: "https://app.example/invoke?transaction=tx&api_base_url=\(FakeServer.base)")!))
        #expect(!embedded.isAuthenticateUrl(URL(string: "https://app.example/invoke?transaction=tx&api_base_url=https://evil.example")!))
        #expect(!embedded.isAuthenticateUrl(URL(string: "https://app.example/invoke?api_base_url=\(FakeServer.base)")!))
        #expect(!Embedded(context: nil).isAuthenticateUrl(URL(string: "https://app.example/invoke?transaction=tx")!))
    }
}
