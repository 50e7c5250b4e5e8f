// Which service-layer errors mean "no usable configuration" (exit status 2, SPEC §1).
import Foundation
import LyraKit

extension APIError: StatusCarryingError {
    /// A missing or refused base URL, or credentials refused to a proxy, is a configuration problem;
    /// the rest fail the line.
    public var exitStatus: ExitStatus {
        switch self {
        case .missingBaseURL, .insecureURL, .invalidURL, .proxyRefused: return .usage
        default: return .lineFailed
        }
    }
}

extension ConfigurationError: StatusCarryingError {
    /// A bad setting value makes the configuration unusable.
    public var exitStatus: ExitStatus { .usage }
}

extension StorageError: StatusCarryingError {
    /// An insecure or malformed configuration file makes the configuration unusable.
    public var exitStatus: ExitStatus {
        switch self {
        case .insecurePermissions, .malformedFile: return .usage
        default: return .lineFailed
        }
    }
}

extension ChatSetupError: StatusCarryingError {
    /// No model and no backend: nothing usable is configured.
    public var exitStatus: ExitStatus { .usage }
}

extension ProviderError: StatusCarryingError {
    /// A provider that does not exist or has no base URL is a configuration problem; the rest fail the line.
    public var exitStatus: ExitStatus {
        switch self {
        case .unknownProvider, .missingBaseURL, .noModel: return .usage
        default: return .lineFailed
        }
    }
}
