// The one fake clock of the LyraKit tests: virtual time that never sleeps for real. It records the
// sleeps asked for, honours cancellation like the real clock, and can move on per reading or per sleep.
import Foundation
import LyraKit
import Synchronization

/// Virtual time for services that take a `LyraClock`.
final class FakeClock: LyraClock {
    private let state: Mutex<(now: Date, sleeps: [Double])>
    private let stepPerReading: TimeInterval
    private let advancesOnSleep: Bool

    /// A clock at `start` (seconds since 1970) that moves on `stepPerReading` seconds each time it is
    /// read and, when `advancesOnSleep`, by each sleep's length.
    init(start: TimeInterval = 0, stepPerReading: TimeInterval = 0, advancesOnSleep: Bool = false) {
        state = Mutex((Date(timeIntervalSince1970: start), []))
        self.stepPerReading = stepPerReading
        self.advancesOnSleep = advancesOnSleep
    }

    /// The sleeps asked for, in order.
    var sleeps: [Double] { state.withLock { $0.sleeps } }

    func now() -> Date {
        state.withLock { state in
            defer { state.now += stepPerReading }
            return state.now
        }
    }

    /// Records the sleep, then returns at once or throws `CancellationError` when the task is cancelled
    /// (a cancelled sleep is still recorded, and does not move the clock).
    func sleep(for seconds: Double) async throws {
        state.withLock { $0.sleeps.append(seconds) }
        try Task.checkCancellation()
        if advancesOnSleep { state.withLock { $0.now += seconds } }
    }
}
