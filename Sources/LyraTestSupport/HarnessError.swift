// HarnessError: every way the black-box test harness can fail, with messages that make a
// failing test readable (what was expected, what the program printed so far).
import Foundation

/// A failure of the test harness itself: the binary is missing, a program timed out, the
/// expected text never appeared, or a backend control route answered badly.
public enum HarnessError: Error, LocalizedError, CustomStringConvertible, Sendable {
    /// No directory containing `Package.swift` was found above `start`.
    case packageRootNotFound(start: String)
    /// The `lyra` executable does not exist at `path`.
    case binaryNotFound(path: String)
    /// The temporary environment could not be created.
    case temporaryDirectoryFailed(reason: String)
    /// The program could not be started at all.
    case launchFailed(executable: String, reason: String)
    /// The program ran longer than `timeout` and was killed; `captured` holds what it printed.
    case timedOut(executable: String, timeout: Duration, captured: ProcessResult)
    /// `needle` did not appear in a pseudo-terminal's output within `timeout`.
    case outputNotFound(needle: String, timeout: Duration, plainOutput: String)
    /// The pseudo-terminal's program did not exit within `timeout`.
    case exitTimedOut(timeout: Duration, plainOutput: String)
    /// A backend control route answered with a non-2xx status.
    case backendRequestFailed(method: String, path: String, status: Int, body: String)
    /// A backend control route answered with something that could not be read.
    case invalidBackendResponse(path: String, reason: String)

    /// A human-readable explanation, including captured output where there is some.
    public var description: String {
        switch self {
        case .packageRootNotFound(let start):
            return "no directory containing Package.swift above \(start)"
        case .binaryNotFound(let path):
            return "the lyra executable is missing at \(path): run `swift build` first (or set LYRA_BINARY)"
        case .temporaryDirectoryFailed(let reason):
            return "cannot create a temporary test environment: \(reason)"
        case .launchFailed(let executable, let reason):
            return "cannot start \(executable): \(reason)"
        case .timedOut(let executable, let timeout, let captured):
            return "\(executable) did not finish within \(timeout) and was killed\n"
                + "--- stdout so far ---\n\(captured.stdout)\n--- stderr so far ---\n\(captured.stderr)"
        case .outputNotFound(let needle, let timeout, let plainOutput):
            return "\(needle.debugDescription) did not appear within \(timeout)\n"
                + "--- terminal output since the mark ---\n\(plainOutput)"
        case .exitTimedOut(let timeout, let plainOutput):
            return "the program did not exit within \(timeout)\n--- terminal output ---\n\(plainOutput)"
        case .backendRequestFailed(let method, let path, let status, let body):
            return "\(method) \(path) answered HTTP \(status): \(body)"
        case .invalidBackendResponse(let path, let reason):
            return "unreadable answer from \(path): \(reason)"
        }
    }

    /// The same text as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
