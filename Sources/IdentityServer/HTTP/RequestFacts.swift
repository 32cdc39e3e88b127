import Synchronization

/// What handlers learn about a request that the request log reports once they are done: the
/// OAuth client it named. Shared by every copy of one request's context.
final class RequestFacts: Sendable {
    private let client = Mutex<String?>(nil)

    /// The client id the request named (`client_id`, or the user of HTTP Basic), when it is a
    /// plausible id: it comes from the request and is logged as a value.
    var clientID: String? { client.withLock { $0 } }

    /// Notes the client a request names: its `client_id` parameter, else the Basic user.
    func noteClient(parameters: FormParameters, authorization: String? = nil) {
        let inForm = (try? parameters.single("client_id")).flatMap { $0 }
        let named = inForm ?? authorization.flatMap(ClientAuthentication.basicCredentials)?.clientID
        client.withLock { $0 = named.flatMap(RequestLogMiddleware.acceptable) }
    }
}
