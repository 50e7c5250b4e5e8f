// One variable of this process's environment, read with getenv: `ProcessInfo.environment` builds a
// dictionary of every variable on each call, which was a measurable part of a one-shot's start-up.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads single variables of the process environment (Lyra never changes its own environment).
public enum ProcessEnvironment {
    /// The value of the variable `name`, or nil when it is not set.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
