// A serial executor on a thread of its own (`WorkerThread`), for actors whose work blocks in system
// calls (flock, fsync, rename): the session store, and the chat service that runs on the store's
// executor. Their jobs never run on the cooperative pool; the thread is made with the executor, or
// is the main thread in a script or one-shot (`WorkerThread.mainThread`, served by MainThreadLoop).

/// Runs an actor's jobs one at a time on one thread (its own, or the main thread's loop).
final class SessionFileExecutor: SerialExecutor {
    /// The thread the jobs run on (the journal's fdatasyncs and their timer run there too).
    let worker: WorkerThread
    /// The same thread as a task executor: a chat turn prefers it while it waits for its reply, so
    /// the network thread's wake-up lands on this thread instead of a pool thread that then hops here.
    let taskExecutor: WorkerTaskExecutor

    /// An executor over a new thread named `label`.
    convenience init(label: String) {
        self.init(worker: WorkerThread(name: label))
    }

    /// An executor over `worker`'s thread.
    init(worker: WorkerThread) {
        self.worker = worker
        taskExecutor = WorkerTaskExecutor(worker: worker)
    }

    /// Schedules `job` on the thread.
    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        worker.add { unowned.runSynchronously(on: executor) }
    }

    /// Whether the calling thread is this executor's thread.
    func isRunningOnItsThread() -> Bool {
        worker.isCurrent
    }
}
