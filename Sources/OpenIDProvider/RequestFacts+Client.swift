package import IdentityServerCore

extension RequestFacts {
    /// Notes the client a request names: its `client_id` parameter, else the Basic user.
    package func noteClient(parameters: FormParameters, authorization: String? = nil) {
        let inForm = (try? parameters.single("client_id")).flatMap { $0 }
        noteClient(named: inForm ?? authorization.flatMap(ClientAuthentication.basicCredentials)?.clientID)
    }
}
