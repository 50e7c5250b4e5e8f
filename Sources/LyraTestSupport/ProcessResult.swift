// ProcessResult: what a finished (or killed) program left behind: its output and exit status.
import Foundation

/// The captured stdout and stderr of a program and how it ended.
public struct ProcessResult: Sendable, Equatable {
    /// Everything written to stdout, decoded as UTF-8 (invalid bytes become U+FFFD).
    public var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
    /// Everything written to stderr, decoded as UTF-8 (invalid bytes become U+FFFD).
    public var stderr: String { String(decoding: stderrData, as: UTF8.self) }
    /// The raw bytes written to stdout.
    public let stdoutData: Data
    /// The raw bytes written to stderr.
    public let stderrData: Data
    /// The exit status; `128 + signal` when the program was killed by a signal (shell convention).
    public let status: Int32
    /// The signal that killed the program, or `nil` when it exited normally.
    public let terminatedBySignal: Int32?

    /// Creates a result from captured bytes and the way the program ended.
    public init(stdoutData: Data, stderrData: Data, status: Int32, terminatedBySignal: Int32?) {
        self.stdoutData = stdoutData
        self.stderrData = stderrData
        self.status = status
        self.terminatedBySignal = terminatedBySignal
    }
}
