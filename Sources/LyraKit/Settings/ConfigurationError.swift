// Errors of the settings layer: an invalid value (naming the key and where it came from)
// or an unknown key. Never carries a secret's value.
import Foundation

/// A setting that cannot be used.
public enum ConfigurationError: Error, LocalizedError, Equatable, Sendable {
    /// `value` (nil for secrets) from `source` is not valid for `key`; `reason` says what is expected.
    case invalidValue(key: SettingKey, value: String?, source: SettingSource, reason: String)
    /// A value given to `/settings set` is not valid for `key` (`value` is nil for secrets).
    case rejectedValue(key: SettingKey, value: String?, reason: String)
    /// No setting has this name.
    case unknownKey(String)

    /// A user-facing description.
    public var errorDescription: String? {
        switch self {
        case let .invalidValue(key, value, source, reason):
            let shown = value.map { " '\($0)'" } ?? ""
            return "invalid \(key.configName)\(shown) (from \(source)): \(reason)"
        case let .rejectedValue(key, value, reason):
            let shown = value.map { " '\($0)'" } ?? ""
            return "invalid \(key.configName)\(shown): \(reason)"
        case let .unknownKey(name):
            let known = SettingKey.allCases.map(\.configName).joined(separator: ", ")
            return "unknown setting '\(name)' (known: \(known))"
        }
    }
}
