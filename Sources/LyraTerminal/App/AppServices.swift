// The service layer as the terminal sees it: built lazily, so that start-up does no work until a
// command needs configuration, the network or the session store.
import Foundation

/// Lazily built services shared by every command of one run.
@MainActor
public final class AppServices {
    /// The command-line options of this run.
    public let options: LaunchOptions
    /// The process environment (tests pass their own).
    public let environment: [String: String]
    /// Settings forced by the launcher (e.g. `--demo` pointing everything at the local backend).
    public let overrides: [String: String]

    /// Services for one run.
    public init(options: LaunchOptions, environment: [String: String], overrides: [String: String] = [:]) {
        self.options = options
        self.environment = environment
        self.overrides = overrides
    }
}
