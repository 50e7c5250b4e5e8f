// How often and how long the video status is polled, and how transient faults are retried.
import Foundation

/// The timing rules of `VideoPoller`.
///
/// Every status request counts as one poll, retries included, so the backend never sees more
/// than `maxPolls` status requests for one video and the wait is bounded by about
/// `interval × maxPolls` plus any backoff.
public struct VideoPollPolicy: Sendable, Equatable {
    /// Seconds between two polls (`videoPollInterval`).
    public var interval: Double
    /// The most status requests sent for one video (`videoMaxPolls`).
    public var maxPolls: Int
    /// Transient faults in a row after which polling gives up.
    public var maxConsecutiveFailures: Int
    /// The longest wait after a transient fault, whatever `Retry-After` says.
    public var maxRetryDelay: Double

    /// A policy; the defaults are SPEC §3's (3 s, 40 polls), up to 5 faults in a row, waits of at most 60 s.
    public init(interval: Double = 3, maxPolls: Int = 40, maxConsecutiveFailures: Int = 5, maxRetryDelay: Double = 60) {
        self.interval = max(0, interval.isFinite ? interval : 0)
        self.maxPolls = max(1, maxPolls)
        self.maxConsecutiveFailures = max(1, maxConsecutiveFailures)
        self.maxRetryDelay = max(0, maxRetryDelay)
    }

    /// The wait before the next poll after the `failures`-th transient fault in a row: the
    /// server's `Retry-After` when it gave one (at least one interval), otherwise the interval
    /// doubled per fault (`interval`, `2 × interval`, `4 × interval`…); never above `maxRetryDelay`.
    public func retryDelay(afterFailures failures: Int, retryAfter: Double?) -> Double {
        let backoff = interval * Double(1 << min(max(failures - 1, 0), 10))
        let wanted = retryAfter.map { max($0, interval) } ?? backoff
        return min(wanted, maxRetryDelay)
    }
}
