// A one-shot signal: fired by stop(), waited on by `lyra serve` and by injected delays.

import Foundation
import Synchronization

/// A flag that, once fired, wakes every waiter and stays fired.
final class StopSignal: Sendable {
    private let condition = NSCondition()
    private let state = Mutex<Bool>(false)

    /// Whether `fire()` was called.
    var isFired: Bool { state.withLock { $0 } }

    /// Fires the signal and wakes every waiter.
    func fire() {
        condition.lock()
        state.withLock { $0 = true }
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks until the signal fires.
    func wait() {
        condition.lock()
        while !isFired { condition.wait() }
        condition.unlock()
    }

    /// Blocks for `milliseconds` or until the signal fires, whichever is first.
    /// - Returns: true when the signal fired.
    @discardableResult
    func wait(milliseconds: Int) -> Bool {
        let deadline = Date().addingTimeInterval(Double(max(milliseconds, 0)) / 1000)
        condition.lock()
        while !isFired, Date() < deadline { _ = condition.wait(until: deadline) }
        condition.unlock()
        return isFired
    }
}
