// The session store's serial executor: a plain serial `DispatchQueue`, so its blocking file work
// (flock, fdatasync, rename) never runs on Swift's cooperative pool, in every mode of the program.
import Dispatch

/// Runs an actor's jobs one at a time on a serial dispatch queue.
final class SessionFileExecutor: SerialExecutor {
    private let queue: DispatchQueue

    /// An executor over a new serial queue named `label`.
    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    /// Schedules `job` on the queue.
    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { unowned.runSynchronously(on: executor) }
    }
}
