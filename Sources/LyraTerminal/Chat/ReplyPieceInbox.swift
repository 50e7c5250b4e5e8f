// Where the pieces of a streamed reply wait between the task that receives them (any thread) and
// the main actor that shows them: a list under a lock, taken whole. The main actor is woken only
// when it waits for an empty list, so everything that arrives while it renders or waits for the
// next frame is shown in one go (issue 34: one wake-up and one write per frame, not per token).
import Synchronization

/// A piece of a streamed reply, kept in the order it came.
enum ReplyStreamPiece: Sendable {
    /// A piece of the answer.
    case text(String)
    /// A piece of the reasoning.
    case reasoning(String)
    /// Lines (a tool card, SPEC §14) shown after everything before them; resumed once shown.
    case interjection([String], CheckedContinuation<Void, Never>)
}

/// Pieces handed over from any thread, taken in batches by one consumer.
final class ReplyPieceInbox: Sendable {
    private struct State {
        var pieces: [ReplyStreamPiece] = []
        var waiter: CheckedContinuation<[ReplyStreamPiece], Never>?
        var finished = false
    }

    private let state = Mutex(State())

    /// An empty, open inbox.
    init() {}

    /// Adds `piece` after the others; wakes the consumer if it waits. False (the piece dropped)
    /// once ``finish()`` was called.
    @discardableResult
    func add(_ piece: ReplyStreamPiece) -> Bool {
        let (accepted, wake) = state.withLock { current -> (Bool, (CheckedContinuation<[ReplyStreamPiece], Never>, [ReplyStreamPiece])?) in
            guard !current.finished else { return (false, nil) }
            current.pieces.append(piece)
            guard let waiter = current.waiter else { return (true, nil) }
            current.waiter = nil
            defer { current.pieces = [] }
            return (true, (waiter, current.pieces))
        }
        if let (waiter, batch) = wake { waiter.resume(returning: batch) }
        return accepted
    }

    /// Ends the inbox: pieces added later are dropped; the consumer gets what is left, then `[]`.
    func finish() {
        let waiter = state.withLock { current -> CheckedContinuation<[ReplyStreamPiece], Never>? in
            current.finished = true
            defer { current.waiter = nil }
            return current.waiter
        }
        waiter?.resume(returning: [])
    }

    /// Every piece added since the last call, in order, waiting until there is one; `[]` once the
    /// inbox is finished and empty. One consumer at a time.
    func next() async -> [ReplyStreamPiece] {
        if let ready = takeReady() { return ready }
        return await withCheckedContinuation { continuation in
            let ready = state.withLock { current -> [ReplyStreamPiece]? in
                guard current.pieces.isEmpty, !current.finished else { return takeAll(&current) }
                current.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// What is there without waiting: the pieces, or `[]` when finished and empty; nil to wait.
    private func takeReady() -> [ReplyStreamPiece]? {
        state.withLock { current in
            current.pieces.isEmpty && !current.finished ? nil : takeAll(&current)
        }
    }

    private func takeAll(_ current: inout State) -> [ReplyStreamPiece] {
        defer { current.pieces = [] }
        return current.pieces
    }
}
