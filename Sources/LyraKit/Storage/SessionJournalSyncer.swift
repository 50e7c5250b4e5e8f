// Makes journal appends durable while a chat turn goes on (docs/JOURNAL.md, "Syncing"). The
// fdatasyncs run on the session store's own thread when it is next idle: a prompt's as soon as the
// turn waits for its reply, with no other thread to wake and none to wake the turn again. A prompt
// whose reply streams in is synced on a thread of its own instead, so that its pieces are shown
// meanwhile. One fdatasync covers every append to the same journal written before it started, so a
// reply's line, which lingers up to 2 ms (the store thread's timer), shares the next prompt's
// fdatasync in a script.
import Foundation
import Synchronization

/// When a journal append's fdatasync runs.
enum JournalSyncStart: Sendable {
    /// When the store's thread is next idle: a prompt whose reply arrives whole (the turn sends its
    /// request, then waits).
    case whenIdle
    /// At once on a thread of its own: a prompt whose reply streams in (its pieces are shown while
    /// the fdatasync runs).
    case alongside
    /// Within 2 ms on the store's thread, or with the next append if that comes sooner: a reply.
    case lingering
}

/// Runs the `fdatasync`s of journal appends on the store's worker thread (or, for a prompt whose
/// reply streams in, on a thread of its own).
final class SessionJournalSyncer: Sendable {
    /// How long a lingering sync waits for another append to share its fdatasync: 2 ms.
    let lingerLimit: DispatchTimeInterval

    fileprivate struct State {
        /// The journal the open appends are in (an append to another makes those durable first).
        var path = ""
        /// Appends handed to ``start(_:_:)`` so far (each one's generation is its count).
        var written = 0
        /// Every append up to this generation is on disk, or its failure was reported.
        var settled = 0
        /// The last failed fdatasync: the generations it covered (after `after`, through `through`)
        /// and its error.
        var failure: (after: Int, through: Int, error: any Error)?
        /// Appends whose journal is still open, waiting for an fdatasync that covers them.
        var open: [(generation: Int, sync: SessionJournalSync)] = []
        /// The tasks of ``start(_:_:)`` waiting for their generation to settle.
        var waiters: [(generation: Int, continuation: CheckedContinuation<Void, any Error>)] = []
        /// When the worker's timer runs the next fdatasync (nil: not set). A prompt's is due at once:
        /// the timer's job runs when the thread is next idle, after the turn has sent its request.
        var due: DispatchTime?
        /// The fdatasyncs run so far, for every journal.
        var fdatasyncs = 0
    }

    private let state = Mutex(State())
    private let worker: WorkerThread
    private let taskExecutor: WorkerTaskExecutor
    /// The thread of `.alongside` syncs ("lyra.sync"), made on first use: the first journal append
    /// comes after a reply, so libcurl's first load no longer holds the loader's lock then.
    private let ownThread = Mutex<WorkerThread?>(nil)

    /// A syncer running its jobs on `worker` (the session store's thread); its lingering syncs wait
    /// at most `lingerLimit` (tests choose another).
    init(worker: WorkerThread, lingerLimit: DispatchTimeInterval = .milliseconds(2)) {
        self.worker = worker
        self.taskExecutor = WorkerTaskExecutor(worker: worker)
        self.lingerLimit = lingerLimit
    }

    /// How many fdatasyncs ran so far (for tests).
    var fdatasyncCount: Int { state.withLock(\.fdatasyncs) }

    /// Starts making the append `sync` stands for durable, after those started before, as `start`
    /// says; the task ends when it is on disk (and throws the `StorageError` when the system says it
    /// may not be). A lingering fdatasync waits up to ``lingerLimit`` for another append to the same
    /// journal (the next prompt after a reply), whose fdatasync then covers both.
    func start(_ sync: SessionJournalSync, _ start: JournalSyncStart) -> Task<Void, any Error> {
        if let earlier = takeOtherJournal(sync.file.path) { settle(earlier) }
        let deadline: DispatchTime = start == .lingering ? .now() + lingerLimit : .now()
        let generation = state.withLock { state -> Int in
            state.written += 1
            state.open.append((state.written, sync))
            // Set under the lock, so that a later deadline never replaces an earlier one.
            if start != .alongside, state.due.map({ deadline < $0 }) ?? true {
                state.due = deadline
                worker.setTimer(at: deadline) { self.syncOpenAppends() }
            }
            return state.written
        }
        if start == .alongside { syncThread().add { self.syncOpenAppends() } }
        return Task(executorPreference: taskExecutor) { try await self.settled(generation) }
    }

    /// Ends a lingering wait at once (nothing else is coming: the session is being left).
    func flush() {
        state.withLock { state in
            guard state.due != nil else { return }
            state.due = .now()
            worker.setTimer(at: .now()) { self.syncOpenAppends() }
        }
    }

    // MARK: - Private

    /// The thread of `.alongside` syncs, made now if it was not.
    private func syncThread() -> WorkerThread {
        ownThread.withLock { thread in
            if let thread { return thread }
            let made = WorkerThread(name: "lyra.sync")
            thread = made
            return made
        }
    }

    /// The timer's job: one fdatasync for the appends still open, if any.
    private func syncOpenAppends() {
        let pending = state.withLock { state -> Pending? in
            state.due = nil
            guard !state.open.isEmpty else { return nil }
            defer { state.open = [] }
            return Pending(open: state.open, through: state.written)
        }
        if let pending { settle(pending) }
    }

    /// Waits (without blocking the thread) until `generation` is settled.
    private func settled(_ generation: Int) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let outcome = state.withLock { state -> Result<Void, any Error>? in
                guard state.settled >= generation else {
                    state.waiters.append((generation, continuation))
                    return nil
                }
                return state.outcome(of: generation)
            }
            if let outcome { continuation.resume(with: outcome) }
        }
    }

    /// Appends to another journal than `path`, still open, taken off (the state moves to `path`).
    private func takeOtherJournal(_ path: String) -> Pending? {
        state.withLock { state in
            guard state.path != path else { return nil }
            state.path = path
            guard !state.open.isEmpty else { return nil }
            defer { state.open = [] }
            return Pending(open: state.open, through: state.written)
        }
    }

    /// Runs one fdatasync for the appends of `pending` (on the newest one's file, which covers
    /// them all), closes their files and resumes the tasks it settled.
    private func settle(_ pending: Pending) {
        var error: (any Error)?
        if let newest = pending.open.last?.sync {
            state.withLock { $0.fdatasyncs += 1 }
            do {
                try newest.syncKeepingOpen(directoryToo: pending.open.contains { $0.sync.syncsDirectory })
            } catch let failure {
                error = failure
            }
        }
        for append in pending.open { append.sync.close() }
        let resumed = state.withLock { state -> [(CheckedContinuation<Void, any Error>, Result<Void, any Error>)] in
            if let error { state.failure = (state.settled, pending.through, error) }
            state.settled = max(state.settled, pending.through)
            let due = state.waiters.filter { $0.generation <= state.settled }
            state.waiters.removeAll { $0.generation <= state.settled }
            return due.map { ($0.continuation, state.outcome(of: $0.generation)) }
        }
        for (continuation, outcome) in resumed { continuation.resume(with: outcome) }
    }

    /// Open appends taken off for one fdatasync, and the generation it settles.
    private struct Pending {
        let open: [(generation: Int, sync: SessionJournalSync)]
        let through: Int
    }
}

extension SessionJournalSyncer.State {
    /// How the fdatasync that settled `generation` ended.
    fileprivate func outcome(of generation: Int) -> Result<Void, any Error> {
        guard let failure, generation > failure.after, generation <= failure.through else { return .success(()) }
        return .failure(failure.error)
    }
}
