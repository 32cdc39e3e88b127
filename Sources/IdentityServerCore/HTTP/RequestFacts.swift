import Synchronization

/// What handlers learn about a request that the request log reports once they are done: the
/// OAuth client it named. Shared by every copy of one request's context.
package final class RequestFacts: Sendable {
    private let client = Mutex<String?>(nil)

    /// The client id the request named (`client_id`, or the user of HTTP Basic), when it is a
    /// plausible id: it comes from the request and is logged as a value.
    package var clientID: String? { client.withLock { $0 } }

    /// Notes the client id a request names, if it is plausible as one.
    package func noteClient(named: String?) {
        client.withLock { $0 = named.flatMap(RequestLogMiddleware.acceptable) }
    }
}
