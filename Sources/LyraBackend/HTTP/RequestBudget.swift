// The request body bytes all connections hold together, with a ceiling (SPEC §16: 256 MiB). A
// per-body limit alone lets twenty uploads just under it hold gigabytes; this refuses the one too many.

import Synchronization

/// A shared count of buffered request bytes that never passes its limit.
final class RequestBudget: Sendable {
    private let limit: Int
    private let used = Mutex(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes `bytes` from the budget.
    /// - Returns: false, taking nothing, when that would pass the limit.
    func take(_ bytes: Int) -> Bool {
        used.withLock { used in
            guard bytes <= limit - used else { return false }
            used += bytes
            return true
        }
    }

    /// Gives back bytes taken earlier.
    func giveBack(_ bytes: Int) {
        used.withLock { $0 -= bytes }
    }
}

/// What one connection has taken from a `RequestBudget` for the request it is reading.
struct HeldRequestBytes {
    let budget: RequestBudget
    private(set) var bytes = 0

    init(budget: RequestBudget) {
        self.budget = budget
    }

    /// Makes the connection hold `total` bytes, taking only the difference from what it holds.
    /// - Returns: false when the budget cannot cover it (what is held stays held).
    mutating func cover(_ total: Int) -> Bool {
        guard total > bytes else { return true }
        guard budget.take(total - bytes) else { return false }
        bytes = total
        return true
    }

    /// Gives everything held back (after the response, or when the connection ends).
    mutating func release() {
        budget.giveBack(bytes)
        bytes = 0
    }
}
