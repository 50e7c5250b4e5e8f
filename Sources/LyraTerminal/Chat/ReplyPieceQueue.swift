// Hands the pieces of a streamed reply from the chat service (any thread) to the renderer on the
// main actor in batches: pieces that arrive while the renderer is busy are shown with one write.
import Synchronization

/// Reply pieces waiting to be shown: producers append, the one consumer takes all that waits.
final class ReplyPieceQueue: Sendable {
    private let pending = Mutex<[String]>([])
    private let wakeUp: AsyncStream<Void>.Continuation
    /// One element whenever pieces may be waiting (at most one buffered); ends after ``finish()``.
    let arrivals: AsyncStream<Void>

    /// An empty queue.
    init() {
        (arrivals, wakeUp) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Adds `piece` after those waiting; wakes the consumer when the queue was empty.
    func append(_ piece: String) {
        let wasEmpty = pending.withLock { pieces in
            defer { pieces.append(piece) }
            return pieces.isEmpty
        }
        if wasEmpty { wakeUp.yield() }
    }

    /// Every piece waiting, in order, leaving the queue empty.
    func takeAll() -> [String] {
        pending.withLock { pieces in
            defer { pieces.removeAll(keepingCapacity: true) }
            return pieces
        }
    }

    /// No more pieces come: ``arrivals`` ends once its buffered wake-up was consumed.
    func finish() {
        wakeUp.finish()
    }
}
