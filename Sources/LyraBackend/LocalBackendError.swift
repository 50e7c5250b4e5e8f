// Errors of the local backend's life cycle (socket set-up), with the system's errno text.

import Foundation

/// Why the local backend could not start.
public enum LocalBackendError: Error, LocalizedError, Equatable {
    /// The host is not an IPv4/IPv6 literal or `localhost`.
    case invalidHost(String)
    /// `socket(2)` failed.
    case socketFailed(String)
    /// `bind(2)` failed, e.g. the port is in use.
    case bindFailed(host: String, port: UInt16, reason: String)
    /// `listen(2)` failed.
    case listenFailed(String)
    /// `start()` was called on a backend that is running or was stopped.
    case notStartable

    /// A message for the user.
    public var errorDescription: String? {
        switch self {
        case .invalidHost(let host):
            return "cannot listen on '\(host)': not an IP address (use e.g. 127.0.0.1)"
        case .socketFailed(let reason):
            return "cannot create a socket: \(reason)"
        case .bindFailed(let host, let port, let reason):
            return "cannot listen on \(host):\(port): \(reason)"
        case .listenFailed(let reason):
            return "cannot listen: \(reason)"
        case .notStartable:
            return "the local backend is already running or was stopped"
        }
    }

    /// The text of the current `errno`.
    static func currentErrnoText() -> String {
        String(cString: strerror(errno))
    }
}
