// Makes journal appends durable on a thread of their own while a chat turn goes on (docs/JOURNAL.md,
// "Syncing"): one fdatasync covers every append to the same journal written before it started, so a
// reply's line, which may linger up to 2 ms, shares the next prompt's fdatasync in a script.
import Foundation
import Synchronization

/// Runs the `fdatasync`s of journal appends in order on the "lyra.sync" thread.
final class SessionJournalSyncer: Sendable {
    /// How long a lingering sync waits for another append to share its fdatasync: 2 ms.
    let lingerLimit: DispatchTimeInterval

    private struct State {
        /// The journal the counts are about (appends to another journal start them again).
        var path = ""
        /// Appends to `path` handed to ``start(_:lingering:)``, in order.
        var written = 0
        /// How many of those are known to be on disk.
        var synced = 0
        /// Whether a sync is lingering (waiting on `nudge`).
        var lingering = false
        /// Appends up to this one must not linger (``flush()`` came, maybe before their sync started).
        var flushed = 0
        /// The fdatasyncs run so far, for every journal.
        var fdatasyncs = 0
    }

    private let state = Mutex(State())
    private let nudge = DispatchSemaphore(value: 0)
    private let executor = WorkerTaskExecutor(worker: WorkerThread(name: "lyra.sync"))

    /// A syncer whose lingering syncs wait at most `lingerLimit` (tests choose another).
    init(lingerLimit: DispatchTimeInterval = .milliseconds(2)) {
        self.lingerLimit = lingerLimit
    }

    /// How many fdatasyncs ran so far (for tests).
    var fdatasyncCount: Int { state.withLock(\.fdatasyncs) }

    /// Starts making the append `sync` stands for durable, after those started before; the task
    /// ends when it is on disk (and throws the `StorageError` when the system says it may not be).
    /// With `lingering`, its fdatasync waits up to ``lingerLimit`` for another append to the same
    /// journal (the next prompt after a reply), then covers both.
    func start(_ sync: SessionJournalSync, lingering: Bool) -> Task<Void, any Error> {
        let path = sync.file.path
        let (generation, wake) = state.withLock { state -> (Int, Bool) in
            let wake = state.lingering
            if state.path != path { state = State(path: path, fdatasyncs: state.fdatasyncs) }
            state.written += 1
            state.lingering = false
            return (state.written, wake)
        }
        if wake { nudge.signal() }
        return Self.task(on: executor) { try self.complete(sync, generation: generation, lingering: lingering) }
    }

    /// Ends a lingering wait at once (nothing else is coming: the session is being left).
    func flush() {
        let wake = state.withLock { state in
            defer { state.lingering = false }
            state.flushed = state.written
            return state.lingering
        }
        if wake { nudge.signal() }
    }

    // MARK: - Private

    /// A task running `body` on `executor` (nonisolated, so it does not inherit an actor).
    private static func task(on executor: WorkerTaskExecutor,
                             _ body: @escaping @Sendable () throws -> Void) -> Task<Void, any Error> {
        Task(executorPreference: executor) { try body() }
    }

    /// Runs on the sync thread: lingers if asked and nothing came after, then syncs unless an
    /// earlier fdatasync already covered this append.
    private func complete(_ sync: SessionJournalSync, generation: Int, lingering: Bool) throws {
        let path = sync.file.path
        if lingering {
            let waits = state.withLock { state -> Bool in
                guard state.path == path, state.written == generation, state.flushed < generation else { return false }
                state.lingering = true
                return true
            }
            if waits {
                _ = nudge.wait(timeout: .now() + lingerLimit)
                state.withLock { $0.lingering = false }
            }
        }
        // Every append counted so far was written before it was counted: one fdatasync covers them
        // all. (nil: appends to another journal came since, this one is synced on its own.)
        let (covered, target) = state.withLock { state -> (Bool, Int?) in
            guard state.path == path else { return (false, nil) }
            return (state.synced >= generation, state.written)
        }
        if covered && !sync.syncsDirectory {
            sync.close()
            return
        }
        state.withLock { $0.fdatasyncs += 1 }
        try sync.run()
        if let target { state.withLock { if $0.path == path { $0.synced = max($0.synced, target) } } }
    }
}
