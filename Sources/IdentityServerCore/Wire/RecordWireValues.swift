package import Foundation
package import IdentityProtocol
package import IdentityStorage

// The one place the storage records' own enums (IdentityStorage) and the wire types
// (IdentityProtocol) meet. The raw values are the same today; mapping them here keeps either
// side free to change its spelling.

extension IdentityProtocol.ClientType {
    package init(_ record: ApplicationRecord.ClientType) {
        switch record {
        case .confidential: self = .confidential
        case .public: self = .public
        }
    }
}

extension IdentityProtocol.TokenEndpointAuthMethod {
    package init(_ record: ApplicationRecord.TokenEndpointAuthMethod) { self.init(rawValue: record.rawValue) }
}

extension IdentityProtocol.GrantType {
    package init(_ record: ApplicationRecord.GrantType) { self.init(rawValue: record.rawValue) }
}

extension JWSAlgorithm {
    package init(_ record: SigningAlgorithm) { self.init(rawValue: record.rawValue) }
}

extension IdentityStatus {
    package init(_ record: IdentityRecord.Status) { self.init(rawValue: record.rawValue) }
}

extension IdentityRecord.Status {
    /// The stored status for a wire one; `nil` for a value this server does not know.
    package init?(_ wire: IdentityStatus) { self.init(rawValue: wire.rawValue) }
}

extension ServerCredentialState {
    package init(_ record: CredentialRecord.State) { self.init(rawValue: record.rawValue) }

    /// What a credential status request reports for an identity that is not active.
    package init(_ status: IdentityRecord.Status) {
        switch status {
        case .active: self = .active
        case .suspended: self = .suspended
        case .deleted: self = .deleted
        }
    }
}

extension BindingJobKind {
    package init(_ record: BindingJobRecord.Kind) { self.init(rawValue: record.rawValue) }
}

extension BindingJobDelivery {
    package init(_ record: BindingJobRecord.Delivery) { self.init(rawValue: record.rawValue) }
}

extension BindingJobStatus {
    package init(_ record: BindingJobRecord.Status) { self.init(rawValue: record.rawValue) }
}

extension ExtensionState {
    package init(_ record: ExtensionSessionRecord.State) { self.init(rawValue: record.rawValue) }
}

extension AdminTokenStatus {
    /// A token's status at `now`: revoked wins over expired.
    package init(_ record: some ExpiringToken, at now: Date) {
        self = record.revokedAt != nil ? .revoked : record.isActive(at: now) ? .active : .expired
    }
}

extension SignInMethod {
    package init(_ record: ApplicationRecord.SignInMethod) { self.init(rawValue: record.rawValue) }
}

extension CrossDeviceState {
    package init(_ record: CrossDeviceSignInRecord.State) { self.init(rawValue: record.rawValue) }
}

extension RealmTheme {
    /// The wire form of a realm's theme; `nil` when it names nothing.
    package init?(_ record: RealmRecord.Theme) {
        self.init(logoLightURL: record.logoLightURL, logoDarkURL: record.logoDarkURL, supportURL: record.supportURL)
        if isEmpty { return nil }
    }
}

extension SCIMEnrollment {
    package init(_ record: RealmRecord.SCIMEnrollment) { self.init(rawValue: record.rawValue) }
}

extension RealmPasskeyPolicy {
    /// The wire form of a realm's passkey policy.
    package init(_ record: RealmRecord.PasskeyPolicy) {
        self.init(
            rpID: record.rpID, userVerification: record.userVerification, algorithms: record.algorithms,
            attestationRoots: record.attestationRoots, aaguids: record.aaguids)
    }
}
