// The time limits of a streamed response (SPEC §10): a time-to-first-byte limit and an idle
// limit, and no total deadline.
import Foundation

/// How long a stream may wait for its first byte, and then between bytes.
public struct HTTPStreamLimits: Sendable, Equatable {
    /// Seconds from sending the request until the response head arrives.
    public var firstByte: TimeInterval
    /// Seconds without any byte after which the stream fails.
    public var idle: TimeInterval

    /// Creates limits; the defaults are the request deadline (120 s or `LYRA_REQUEST_TIMEOUT`) and 120 s.
    public init(firstByte: TimeInterval = RequestDeadline.effective(120), idle: TimeInterval = 120) {
        self.firstByte = firstByte
        self.idle = idle
    }
}
