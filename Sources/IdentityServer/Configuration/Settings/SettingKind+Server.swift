import Foundation
import IdentityServerCore
import IdentityStorage
import Logging

extension SettingKind where Value == URL {
    static var directory: Self {
        Self(read: { URL(fileURLWithPath: try $0.text()) }, show: { $0.relativePath })
    }
}

extension SettingKind where Value == Logger.Level {
    static var logLevel: Self {
        Self(
            read: { input in
                let name = try input.choice(Logger.Level.allCases.map(\.rawValue))
                return Logger.Level(rawValue: name) ?? .info
            },
            show: { $0.rawValue })
    }
}
