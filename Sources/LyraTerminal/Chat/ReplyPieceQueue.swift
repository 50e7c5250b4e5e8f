// Hands the pieces of a streamed reply from the chat service (any thread) to the renderer on the
// main actor in batches: pieces that arrive while the renderer is busy are shown with one write.
import Synchronization

/// Reply pieces waiting to be shown: producers append, the one consumer takes all that waits.
final class ReplyPieceQueue: Sendable {
    /// The pieces waiting; nil once ``close()`` ended the queue (later pieces are dropped).
    private let pending = Mutex<[String]?>([])
    private let wakeUp: AsyncStream<Void>.Continuation
    /// One element whenever pieces may be waiting (at most one buffered); ends after ``finish()``.
    let arrivals: AsyncStream<Void>

    /// An empty queue.
    init() {
        (arrivals, wakeUp) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Adds `piece` after those waiting; wakes the consumer when the queue was empty.
    func append(_ piece: String) {
        let wasEmpty = pending.withLock { pieces -> Bool in
            guard pieces != nil else { return false }
            defer { pieces?.append(piece) }
            return pieces?.isEmpty ?? false
        }
        if wasEmpty { wakeUp.yield() }
    }

    /// Every piece waiting, in order, leaving the queue empty.
    func takeAll() -> [String] {
        pending.withLock { pieces in
            defer { if pieces != nil { pieces?.removeAll(keepingCapacity: true) } }
            return pieces ?? []
        }
    }

    /// No more pieces come: ``arrivals`` ends once its buffered wake-up was consumed.
    func finish() {
        wakeUp.finish()
    }

    /// Ends the queue for its consumer: returns the pieces still waiting (taken, so a later wake-up
    /// finds nothing), drops any appended afterwards, and ends ``arrivals``.
    func close() -> [String] {
        let rest = pending.withLock { pieces in
            defer { pieces = nil }
            return pieces ?? []
        }
        wakeUp.finish()
        return rest
    }
}
