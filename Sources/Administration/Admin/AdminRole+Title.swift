package import IdentityStorage

extension AdminRole {
    /// The role as sentences and the console name it (“tenant admin”).
    package var title: String {
        switch self {
        case .owner: "owner"
        case .tenantAdmin: "tenant admin"
        case .auditor: "auditor"
        case .support: "support"
        }
    }
}
