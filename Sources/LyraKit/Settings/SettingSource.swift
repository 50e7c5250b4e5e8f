// Where a resolved setting came from, shown by `/settings` next to each value.
import Foundation

/// The origin of a setting's effective value.
public enum SettingSource: Equatable, Sendable, CustomStringConvertible {
    /// A command-line flag.
    case flag
    /// An environment variable (its name).
    case environment(String)
    /// config.json.
    case configFile
    /// credentials.json.
    case credentialsFile
    /// A file in the state directory (the generated user id).
    case stateFile
    /// The built-in default.
    case `default`

    /// A short description: `flag`, `env LYRA_BASE_URL`, `config file`, `credentials file`, `state file`, `default`.
    public var description: String {
        switch self {
        case .flag: return "flag"
        case let .environment(name): return "env \(name)"
        case .configFile: return "config file"
        case .credentialsFile: return "credentials file"
        case .stateFile: return "state file"
        case .default: return "default"
        }
    }
}
