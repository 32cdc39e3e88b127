package import IdentityServerCore

extension SettingKind where Value == SMTPSecurity {
    package static var smtpSecurity: Self {
        Self(read: { SMTPSecurity(rawValue: try $0.choice(SMTPSecurity.allCases.map(\.rawValue))) ?? .startTLS }, show: { $0.rawValue })
    }
}
