/// OpenID Provider Metadata (OpenID Connect Discovery 1.0 §3), the fields we serve and use.
public struct ProviderMetadata: Codable, Sendable, Equatable {
    public var issuer: String
    public var authorizationEndpoint: String
    public var tokenEndpoint: String
    public var userinfoEndpoint: String
    public var jwksURI: String
    public var responseTypesSupported: [String]
    public var subjectTypesSupported: [String]
    public var idTokenSigningAlgValuesSupported: [String]
    public var scopesSupported: [String]
    public var tokenEndpointAuthMethodsSupported: [String]
    public var grantTypesSupported: [String]
    public var codeChallengeMethodsSupported: [String]
    public var claimsSupported: [String]
    /// `response_modes_supported`: how authorization responses travel (`query`).
    public var responseModesSupported: [String]?
    /// `authorization_response_iss_parameter_supported` (RFC 9207 §3).
    public var authorizationResponseIssParameterSupported: Bool?
    /// `revocation_endpoint` (RFC 7009 §2, RFC 8414 §2).
    public var revocationEndpoint: String?
    /// `introspection_endpoint` (RFC 7662 §2, RFC 8414 §2).
    public var introspectionEndpoint: String?
    /// `end_session_endpoint` (OpenID Connect RP-Initiated Logout 1.0 §2.1).
    public var endSessionEndpoint: String?
    /// `revocation_endpoint_auth_methods_supported` (RFC 8414 §2).
    public var revocationEndpointAuthMethodsSupported: [String]?
    /// `introspection_endpoint_auth_methods_supported` (RFC 8414 §2).
    public var introspectionEndpointAuthMethodsSupported: [String]?
    /// `dpop_signing_alg_values_supported` (RFC 9449 §5.1): the algorithms of DPoP proofs.
    public var dpopSigningAlgValuesSupported: [String]?
    /// `acr_values_supported` (OIDC Discovery §3): the assurance levels sign-ins reach.
    public var acrValuesSupported: [String]?
    /// `claims_parameter_supported` (OIDC Discovery §3): whether `claims` is read (for `acr`).
    public var claimsParameterSupported: Bool?

    /// Creates provider metadata.
    public init(
        issuer: String, authorizationEndpoint: String, tokenEndpoint: String, userinfoEndpoint: String,
        jwksURI: String, responseTypesSupported: [String], subjectTypesSupported: [String],
        idTokenSigningAlgValuesSupported: [String], scopesSupported: [String],
        tokenEndpointAuthMethodsSupported: [String], grantTypesSupported: [String],
        codeChallengeMethodsSupported: [String], claimsSupported: [String], responseModesSupported: [String]? = nil,
        authorizationResponseIssParameterSupported: Bool? = nil, revocationEndpoint: String? = nil,
        introspectionEndpoint: String? = nil, endSessionEndpoint: String? = nil,
        revocationEndpointAuthMethodsSupported: [String]? = nil, introspectionEndpointAuthMethodsSupported: [String]? = nil,
        dpopSigningAlgValuesSupported: [String]? = nil, acrValuesSupported: [String]? = nil, claimsParameterSupported: Bool? = nil
    ) {
        self.issuer = issuer
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.userinfoEndpoint = userinfoEndpoint
        self.jwksURI = jwksURI
        self.responseTypesSupported = responseTypesSupported
        self.subjectTypesSupported = subjectTypesSupported
        self.idTokenSigningAlgValuesSupported = idTokenSigningAlgValuesSupported
        self.scopesSupported = scopesSupported
        self.tokenEndpointAuthMethodsSupported = tokenEndpointAuthMethodsSupported
        self.grantTypesSupported = grantTypesSupported
        self.codeChallengeMethodsSupported = codeChallengeMethodsSupported
        self.claimsSupported = claimsSupported
        self.responseModesSupported = responseModesSupported
        self.authorizationResponseIssParameterSupported = authorizationResponseIssParameterSupported
        self.revocationEndpoint = revocationEndpoint
        self.introspectionEndpoint = introspectionEndpoint
        self.endSessionEndpoint = endSessionEndpoint
        self.revocationEndpointAuthMethodsSupported = revocationEndpointAuthMethodsSupported
        self.introspectionEndpointAuthMethodsSupported = introspectionEndpointAuthMethodsSupported
        self.dpopSigningAlgValuesSupported = dpopSigningAlgValuesSupported
        self.acrValuesSupported = acrValuesSupported
        self.claimsParameterSupported = claimsParameterSupported
    }

    enum CodingKeys: String, CodingKey {
        case issuer
        case authorizationEndpoint = "authorization_endpoint"
        case tokenEndpoint = "token_endpoint"
        case userinfoEndpoint = "userinfo_endpoint"
        case jwksURI = "jwks_uri"
        case responseTypesSupported = "response_types_supported"
        case subjectTypesSupported = "subject_types_supported"
        case idTokenSigningAlgValuesSupported = "id_token_signing_alg_values_supported"
        case scopesSupported = "scopes_supported"
        case tokenEndpointAuthMethodsSupported = "token_endpoint_auth_methods_supported"
        case grantTypesSupported = "grant_types_supported"
        case codeChallengeMethodsSupported = "code_challenge_methods_supported"
        case claimsSupported = "claims_supported"
        case responseModesSupported = "response_modes_supported"
        case authorizationResponseIssParameterSupported = "authorization_response_iss_parameter_supported"
        case revocationEndpoint = "revocation_endpoint"
        case introspectionEndpoint = "introspection_endpoint"
        case endSessionEndpoint = "end_session_endpoint"
        case revocationEndpointAuthMethodsSupported = "revocation_endpoint_auth_methods_supported"
        case introspectionEndpointAuthMethodsSupported = "introspection_endpoint_auth_methods_supported"
        case dpopSigningAlgValuesSupported = "dpop_signing_alg_values_supported"
        case acrValuesSupported = "acr_values_supported"
        case claimsParameterSupported = "claims_parameter_supported"
    }
}
