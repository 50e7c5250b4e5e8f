// This process's environment without Foundation: one variable read with getenv, or all of them read
// from `environ` (`ProcessInfo.environment` builds its dictionary through Foundation's generic code;
// reading `environ` directly was part of a change that made a one-shot 0.93–0.96× as long).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the process environment, one variable or all (Lyra never changes its own environment).
public enum ProcessEnvironment {
    /// The value of the variable `name`, or nil when it is not set.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Every variable, as `NAME=VALUE` entries split at the first `=` (an entry without one is
    /// skipped; when a name repeats, the first wins, as for getenv).
    public static func all() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            entry += 1
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                            count: strlen(pointer))
            guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")), equals > 0 else { continue }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self)
            if variables[name] == nil {
                variables[name] = String(decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]), as: UTF8.self)
            }
        }
        return variables
    }
}
