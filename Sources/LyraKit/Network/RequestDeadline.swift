// How long one HTTP request may take before Lyra gives up (SPEC §7: never a hang). Each route has
// its own deadline; `LYRA_REQUEST_TIMEOUT` (seconds) replaces all of them, e.g. for tests or slow links.
import Foundation

/// Per-request deadlines, overridable from the environment.
public enum RequestDeadline {
    /// The environment variable whose value (seconds, > 0) replaces every request deadline.
    public static let environmentVariable = "LYRA_REQUEST_TIMEOUT"

    /// The override from the environment of this process, read once.
    static let override: TimeInterval? = parse(ProcessInfo.processInfo.environment[environmentVariable])

    /// The deadline to use for a request whose route allows `nominal` seconds.
    public static func effective(_ nominal: TimeInterval) -> TimeInterval {
        override ?? nominal
    }

    /// A positive, finite number of seconds (at most a day), or nil for anything else.
    static func parse(_ text: String?) -> TimeInterval? {
        guard let text, let seconds = Double(text.trimmingCharacters(in: .whitespaces)),
              seconds.isFinite, seconds > 0 else { return nil }
        return min(seconds, 86_400)
    }
}
