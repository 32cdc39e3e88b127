import Foundation

/// The device a credential lives on, as credential details show it.
public struct DeviceDescription: Sendable, Hashable {
    /// The device's name or model (the host name where there is no model).
    public var name: String
    /// The operating system and its version.
    public var system: String

    /// A description.
    public init(name: String, system: String) {
        self.name = name
        self.system = system
    }

    /// This device, from the process information (host name, OS version).
    public static var current: DeviceDescription {
        let info = ProcessInfo.processInfo
        return DeviceDescription(name: info.hostName, system: info.operatingSystemVersionString)
    }
}
