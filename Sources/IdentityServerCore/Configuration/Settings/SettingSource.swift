
/// Where a setting's value came from. One rule for all: a flag wins over the environment, the
/// environment over the configuration file, the file over the default.
public enum SettingSource: Sendable, Equatable, CustomStringConvertible {
    /// A command-line flag, by its name (`--port`).
    case flag(String)
    /// An environment variable, by its name.
    case environment(String)
    /// The configuration file, by its path.
    case file(String)
    /// Not set anywhere.
    case defaultValue

    public var description: String {
        switch self {
        case .flag(let name): name
        case .environment(let name): name
        case .file(let path): path
        case .defaultValue: "default"
        }
    }
}
