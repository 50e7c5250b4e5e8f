// Hands the pieces of a streamed reply from the chat service (any thread) to the renderer on the
// main actor in batches: pieces that arrive while the renderer is busy are shown with one write.
import Synchronization

/// Reply pieces waiting to be shown: producers append, the one consumer takes all that waits.
///
/// The consumer is woken by a call, not a stream: an `AsyncStream` wakes its reader on the global
/// executor, which then hops to the main actor (two thread switches a batch instead of one).
final class ReplyPieceQueue: Sendable {
    /// The pieces waiting; nil once ``close()`` ended the queue (later pieces are dropped).
    private let pending = Mutex<[String]?>([])
    /// Called by ``append(_:)`` when the queue was empty: the consumer should take what waits.
    private let wake: @Sendable (ReplyPieceQueue) -> Void

    /// An empty queue whose consumer `wake` schedules (called with the queue, once per batch).
    init(wake: @escaping @Sendable (ReplyPieceQueue) -> Void) {
        self.wake = wake
    }

    /// Adds `piece` after those waiting; wakes the consumer when the queue was empty.
    func append(_ piece: String) {
        let wasEmpty = pending.withLock { pieces -> Bool in
            guard pieces != nil else { return false }
            defer { pieces?.append(piece) }
            return pieces?.isEmpty ?? false
        }
        if wasEmpty { wake(self) }
    }

    /// Every piece waiting, in order, leaving the queue empty.
    func takeAll() -> [String] {
        pending.withLock { pieces in
            defer { if pieces != nil { pieces?.removeAll(keepingCapacity: true) } }
            return pieces ?? []
        }
    }

    /// Ends the queue for its consumer: returns the pieces still waiting (taken, so a later wake-up
    /// finds nothing) and drops any appended afterwards (they wake nobody).
    func close() -> [String] {
        pending.withLock { pieces in
            defer { pieces = nil }
            return pieces ?? []
        }
    }
}
