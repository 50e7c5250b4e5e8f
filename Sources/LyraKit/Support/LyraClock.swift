// The clock seam: pollers ask it for the time and sleep through it, so tests inject a fake clock
// instead of sleeping for real. Not the standard `Clock` protocol on purpose: callers need wall-clock
// `Date`s (timestamps stored in sessions, Retry-After dates), which `Clock.Instant` does not give.
import Foundation

/// A source of the current time and of cancellable sleeps.
public protocol LyraClock: Sendable {
    /// The current time.
    func now() -> Date
    /// Suspends for `seconds` seconds.
    /// - Throws: `CancellationError` when the calling task is cancelled while sleeping.
    func sleep(for seconds: Double) async throws
}

/// The real clock: `Date()` and `Task.sleep`, which wakes early with `CancellationError` on cancel.
public struct SystemClock: LyraClock {
    /// Creates the system clock.
    public init() {}

    /// The current wall-clock time.
    public func now() -> Date { Date() }

    /// Sleeps for `seconds` (zero, negative or non-finite values only check for cancellation).
    /// - Throws: `CancellationError` when the task is cancelled.
    public func sleep(for seconds: Double) async throws {
        guard seconds.isFinite, seconds > 0 else {
            try Task.checkCancellation()
            return
        }
        try await Task.sleep(for: .seconds(seconds))
    }
}
