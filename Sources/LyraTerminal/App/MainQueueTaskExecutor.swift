// The main queue as a task executor. A task awaiting another task's end, or a continuation, is
// resumed on the global executor and only then hops to the main actor: two thread switches (a pool
// thread woken, the main thread woken by it). Awaited with this executor preferred, the resumption
// is queued on the main thread directly.
import Dispatch

/// Runs task jobs on the main dispatch queue (the queue the main actor's jobs run on).
final class MainQueueTaskExecutor: TaskExecutor {
    /// The one instance.
    static let shared = MainQueueTaskExecutor()

    private init() {}

    /// Schedules `job` on the main queue.
    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        DispatchQueue.main.async { unowned.runSynchronously(on: executor) }
    }
}
