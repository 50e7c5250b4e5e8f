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

    /// The warning to print when `environment` sets the variable to something unusable (it is then
    /// ignored), e.g. `LYRA_REQUEST_TIMEOUT='abc' ignored: must be a number of seconds greater than 0`.
    public static func environmentWarning(_ environment: [String: String]) -> String? {
        guard let raw = environment[environmentVariable] else { return nil }
        let shown = TextSanitizer.singleLine(raw, limit: 40)
        guard let seconds = parse(raw) else {
            return "\(environmentVariable)='\(shown)' ignored: must be a number of seconds greater than 0"
        }
        guard seconds == Double(raw.trimmingCharacters(in: .whitespaces)) else {
            return "\(environmentVariable)='\(shown)' is more than a day: 86400 seconds used"
        }
        return nil
    }

    /// A positive, finite number of seconds (at most a day), or nil for anything else.
    static func parse(_ text: String?) -> TimeInterval? {
        guard let text, let seconds = Double(text.trimmingCharacters(in: .whitespaces)),
              seconds.isFinite, seconds > 0 else { return nil }
        return min(seconds, 86_400)
    }
}
