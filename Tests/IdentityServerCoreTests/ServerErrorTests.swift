import HTTPTypes
import IdentityProtocol
import IdentityStorage
import Testing

import IdentityServerCore

/// The server's one error type: statuses implied by codes, challenges, and equality by code.
@Suite struct ServerErrorTests {
    @Test func codesImplyTheirStatus() {
        #expect(ServerError(APIErrorCode.credentialRevoked, "x").status == .forbidden)
        #expect(ServerError(APIErrorCode.invalidSignature, "x").status == .unauthorized)
        #expect(ServerError(APIErrorCode.invalidExtensionSession, "x").status == .unauthorized)
        #expect(ServerError(APIErrorCode.extensionStateConflict, "x").status == .conflict)
        #expect(ServerError(APIErrorCode.payloadTooLarge, "x").status == .contentTooLarge)
        #expect(ServerError(OAuthErrorCode.invalidGrant, "x").status == .badRequest)
        #expect(ServerError(OAuthErrorCode.invalidClient, "x").status == .unauthorized)
        #expect(ServerError(APIErrorCode.extensionCancelled, "x", status: .conflict).status == .conflict)
    }

    @Test func errorsAreEqualByStatusAndCodeNotDescription() {
        #expect(ServerError.invalidRequest("one") == ServerError.invalidRequest("another"))
        #expect(ServerError.invalidRequest("one") != ServerError(OAuthErrorCode.invalidGrant, "one"))
        #expect(ServerError(APIErrorCode.extensionCancelled, "x") != ServerError(APIErrorCode.extensionCancelled, "x", status: .conflict))
        #expect(ServerError.invalidRequest("x").code.wire == "invalid_request")
    }

    @Test func challengesAreBuiltInOnePlace() {
        #expect(ServerError.invalidClient("bad secret", triedBasic: true).headers[.wwwAuthenticate] == "Basic realm=\"bi-server\"")
        #expect(ServerError.invalidClient("bad secret", triedBasic: false).headers[.wwwAuthenticate] == nil)
        let token = ServerError.invalidToken("the token \"abc\" expired")
        #expect(token.status == .unauthorized)
        #expect(token.headers[.wwwAuthenticate] == #"Bearer error="invalid_token", error_description="the token \"abc\" expired""#)
        let limited = ServerError.rateLimited("slow down", retryAfter: 17)
        #expect(limited.status == .tooManyRequests && limited.headers[.retryAfter] == "17")
    }

    @Test func storageContractErrorsAnswerAsTheAPIDoes() {
        #expect(ServerError.from(.notFound) as? ServerError == ServerError.notFound("no such resource"))
        #expect(ServerError.from(.alreadyExists) as? ServerError == ServerError(APIErrorCode.conflict, "taken"))
        #expect(ServerError.from(.invalidValue) as? StorageError == .invalidValue)
    }
}
