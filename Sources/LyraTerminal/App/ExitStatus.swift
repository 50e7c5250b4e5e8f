// Lyra's exit statuses (SPEC §1): a closed set, so every path ends in one of them.
import Foundation

/// How a `lyra` process ends.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Every line succeeded.
    case success = 0
    /// At least one line failed and the script went on.
    case lineFailed = 1
    /// A usage error or no usable configuration.
    case usage = 2
    /// Stopped by `--bail` at a failing line.
    case bailed = 3
    /// Interrupted by Ctrl-C in script mode.
    case interrupted = 130
    /// Standard output was closed by its reader (`lyra … | head -1`): the script stopped, with the
    /// status a shell gives a program killed by SIGPIPE (128 + 13).
    case outputClosed = 141

    /// The status a script ends with when one of its lines failed with `error`.
    public static func forFailure(_ error: any Error) -> ExitStatus {
        if let error = error as? any StatusCarryingError { return error.exitStatus }
        if case CommandError.configuration = error { return .usage }
        return .lineFailed
    }

    /// The more serious of two statuses (a usage/configuration failure outranks a plain failure).
    public func combined(with other: ExitStatus) -> ExitStatus {
        rawValue >= other.rawValue ? self : other
    }

    /// Ends the process with this status: C streams flushed, no exit handlers run. Everything Lyra
    /// keeps is synced before it gets here; the handlers of the libraries it loaded (OpenSSL's
    /// clean-up) must not run while another thread may still be inside libcurl, loading it for a
    /// request that Ctrl-C cut short or tearing down a cancelled transfer.
    public func exitAtOnce() -> Never {
        fflush(nil)
        _exit(rawValue)
    }
}

/// An error that decides the exit status of the script it ends.
public protocol StatusCarryingError: Error {
    /// The status a script that hit this error ends with.
    var exitStatus: ExitStatus { get }
}
