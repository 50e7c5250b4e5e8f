// Where held responses wait (`hold` and `pause_after_words` faults) until `POST /_test/release`,
// the backend stopping, or a watchdog time-out lets them go.

import Foundation
import Synchronization

/// A gate that blocks waiters until the next `releaseAll()`.
final class ReleaseGate: Sendable {
    private let condition = NSCondition()
    private let generation = Mutex<Int>(0)
    private let waiting = Mutex<Int>(0)

    /// How many requests are held right now.
    var heldCount: Int { waiting.withLock { $0 } }

    /// Lets every current waiter go; returns how many were held.
    @discardableResult
    func releaseAll() -> Int {
        condition.lock()
        defer { condition.unlock() }
        generation.withLock { $0 += 1 }
        condition.broadcast()
        return heldCount
    }

    /// Blocks until released, `stop` fires, or `milliseconds` pass.
    /// - Returns: true when the backend is stopping (the caller should drop the connection).
    func wait(milliseconds: Int, stop: StopSignal) -> Bool {
        let deadline = Date().addingTimeInterval(Double(max(milliseconds, 0)) / 1000)
        condition.lock()
        let start = generation.withLock { $0 }
        waiting.withLock { $0 += 1 }
        while generation.withLock({ $0 }) == start, !stop.isFired, Date() < deadline {
            // Short slices so that a stop() (which signals another condition) is seen promptly.
            _ = condition.wait(until: min(deadline, Date().addingTimeInterval(0.05)))
        }
        waiting.withLock { $0 -= 1 }
        condition.unlock()
        return stop.isFired
    }
}
