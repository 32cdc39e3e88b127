import BeyondIdentityHummingbird
import BeyondIdentityResourceServer
import Foundation
import Hummingbird
import Testing

/// The protected route of the resource-server catalogue's *Protecting your API* (once the
/// README's) compiles (it is this file's code between the markers) and stays the same as the
/// article's.
@Suite struct ReadmeExampleTests {
    // guide begin
    struct APIContext: AccessTokenRequestContext {
        var coreContext: CoreRequestContextStorage
        var accessToken: VerifiedAccessToken?
        init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
    }
    func protectedRoute(apiSecret: String) -> Router<APIContext> {
    let verifier = AccessTokenVerifier(issuer: "https://id.example/v1/tenants/T/realms/R", clientIDs: ["bic_app"],
                                       revocation: .introspection(clientID: "bic_api", clientSecret: apiSecret))
    let router = Router(context: APIContext.self)
    router.group("orders").add(middleware: AccessTokenMiddleware(verifier: verifier, publicBaseURL: "https://api.example",
                                                                 requiring: "orders:read"))
        .get { _, context in try context.requireAccessToken().subject }
    // guide end
        return router
    }

    @Test func theGuideShowsThisCode() throws {
        let here = URL(fileURLWithPath: #filePath)
        let source = try String(contentsOf: here, encoding: .utf8)
        let guide = try String(
            contentsOf: here.deletingLastPathComponent()
                .appendingPathComponent("../../Sources/BeyondIdentityResourceServer/BeyondIdentityResourceServer.docc/ProtectingYourAPI.md")
                .standardized,
            encoding: .utf8)
        func code(_ lines: some Sequence<Substring>) -> [String] {
            lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("import ") }
        }
        let marked = source.components(separatedBy: "// guide begin\n")[1].components(separatedBy: "    // guide end")[0]
        let example = code(marked.split(separator: "\n")).filter { !$0.hasPrefix("func protectedRoute") }
        let section = try #require(guide.components(separatedBy: "# Protecting your API").dropFirst().first)
        let block = section.components(separatedBy: "```swift\n")[1].components(separatedBy: "```")[0]
        #expect(code(block.split(separator: "\n")) == example)
    }
}
