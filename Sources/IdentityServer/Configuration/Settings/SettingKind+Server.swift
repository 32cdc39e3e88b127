import Foundation
import IdentityServerCore
import IdentityStorage
import Logging

extension SettingKind where Value == SQLiteSynchronous {
    static var sqliteSynchronous: Self {
        Self(read: { SQLiteSynchronous(rawValue: try $0.choice(SQLiteSynchronous.allCases.map(\.rawValue))) ?? .full }, show: { $0.rawValue })
    }
}

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

extension SettingKind where Value == TraceParentTrust {
    static var traceParentTrust: Self {
        Self(
            read: { TraceParentTrust(rawValue: try $0.choice(TraceParentTrust.allCases.map(\.rawValue))) ?? .trustedProxies },
            show: { $0.rawValue })
    }
}
