// Errors of the storage layer: file-system failures (with the path and the errno text),
// refused permissions and malformed files. Never carries file contents, so never a secret.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure reading or writing Lyra's files.
public enum StorageError: Error, LocalizedError, Equatable, Sendable {
    /// A system call failed: `operation` is what was attempted ("write", "create directory"…),
    /// `reason` the `strerror` text.
    case fileSystem(path: String, operation: String, reason: String)
    /// A secret file is readable or writable by group or others.
    case insecurePermissions(path: String, mode: UInt32)
    /// A file exists but its content is not what Lyra expects.
    case malformedFile(path: String, reason: String)
    /// A path that must be a directory is something else.
    case notADirectory(path: String)
    /// A directory of Lyra's that others could write to (world-writable, or owned by another
    /// user), refused like ssh refuses such a `~/.ssh`.
    case unsafeDirectory(path: String, mode: UInt32, foreignOwner: Bool)

    /// A user-facing description naming the path.
    public var errorDescription: String? {
        switch self {
        case let .fileSystem(path, operation, reason):
            return "cannot \(operation) \(path): \(reason)"
        case let .insecurePermissions(path, mode):
            let octal = String(mode & 0o777, radix: 8)
            return "\(path) is accessible by group or others (mode \(octal)); "
                + "fix it with: chmod 600 \(path)"
        case let .malformedFile(path, reason):
            return "\(path) is not valid: \(reason)"
        case let .notADirectory(path):
            return "\(path) exists but is not a directory"
        case let .unsafeDirectory(path, mode, foreignOwner):
            let octal = String(mode & 0o777, radix: 8)
            if foreignOwner {
                return "refusing to use \(path): it belongs to another user; "
                    + "fix it with: sudo chown \(getuid()) \(path) && chmod 700 \(path)"
            }
            return "refusing to use \(path): others can write to it (mode \(octal)); fix it with: chmod 700 \(path)"
        }
    }

    /// Builds a `.fileSystem` error from an `errno` value.
    static func posix(_ operation: String, path: String, code: Int32) -> StorageError {
        .fileSystem(path: path, operation: operation, reason: String(cString: strerror(code)))
    }
}
