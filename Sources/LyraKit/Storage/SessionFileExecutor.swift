// A serial executor on a dispatch queue of its own, for actors whose work blocks in system calls
// (flock, fsync, rename): their jobs run on that queue's thread, never on the cooperative pool.
// (DispatchSerialQueue is not a SerialExecutor on Linux with this toolchain, so it is written here.)
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs an actor's jobs one at a time on a private serial dispatch queue.
final class SessionFileExecutor: SerialExecutor {
    /// The queue the jobs run on.
    private let queue: DispatchQueue
    /// The thread running a job right now, if any.
    private let runningThread = Mutex<pthread_t?>(nil)

    /// An executor over a new serial queue named `label`.
    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    /// Schedules `job` on the queue.
    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { [self] in
            self.runningThread.withLock { $0 = pthread_self() }
            unowned.runSynchronously(on: executor)
            self.runningThread.withLock { $0 = nil }
        }
    }

    /// Whether the calling thread is running one of this executor's jobs (on its queue).
    func isRunningOnItsQueue() -> Bool {
        runningThread.withLock { thread in thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }
}
