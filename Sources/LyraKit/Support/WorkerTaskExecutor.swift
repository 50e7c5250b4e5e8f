// A `WorkerThread` as a task executor: the nonisolated parts of tasks that prefer it
// (`withTaskExecutorPreference`, `Task(executorPreference:)`) run on that thread, in order with its
// other jobs, instead of on the cooperative pool.

/// Runs task jobs on one `WorkerThread`.
final class WorkerTaskExecutor: TaskExecutor {
    private let worker: WorkerThread

    /// An executor over `worker`'s thread.
    init(worker: WorkerThread) {
        self.worker = worker
    }

    /// Schedules `job` on the thread.
    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        worker.add { unowned.runSynchronously(on: executor) }
    }
}
