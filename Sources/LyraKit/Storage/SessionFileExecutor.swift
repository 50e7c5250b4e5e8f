// A serial executor on a thread of its own, for actors whose work blocks in system calls (flock,
// fsync, rename): their jobs run on that thread, never on the cooperative pool. The thread is made
// when the executor is, so a turn never creates it later (while libcurl's dlopen holds the loader's
// lock, creating a thread waits for the whole load); it ends when the executor is released.
import CCurl
import Foundation
import Synchronization

/// Runs an actor's jobs one at a time on a dedicated thread.
final class SessionFileExecutor: SerialExecutor {
    /// The jobs waiting for the thread, and the thread's identity.
    private let line: JobLine

    /// An executor over a new thread named `label`.
    init(label: String) {
        line = JobLine()
        let line = self.line
        let thread = Thread {
            ccurl_name_current_thread(String(label.prefix(15)))  // shown by ps, top and perf
            line.serve()
        }
        thread.start()
    }

    deinit {
        line.stop()
    }

    /// Schedules `job` on the thread.
    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        line.add { unowned.runSynchronously(on: executor) }
    }

    /// Whether the calling thread is this executor's thread.
    func isRunningOnItsQueue() -> Bool {
        line.isServingThread()
    }
}

/// A first-in first-out line of work served by one thread until stopped.
private final class JobLine: Sendable {
    private struct State {
        var jobs: [@Sendable () -> Void] = []
        var stopped = false
        var thread: pthread_t?
    }
    private let state = Mutex(State())
    private let ready = DispatchSemaphore(value: 0)

    func add(_ job: @escaping @Sendable () -> Void) {
        state.withLock { $0.jobs.append(job) }
        ready.signal()
    }

    func stop() {
        state.withLock { $0.stopped = true }
        ready.signal()
    }

    func isServingThread() -> Bool {
        state.withLock { state in state.thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    /// The thread's loop: runs the jobs in order; returns once stopped and drained.
    func serve() {
        state.withLock { $0.thread = pthread_self() }
        while true {
            ready.wait()
            let next = state.withLock { state -> (@Sendable () -> Void)?? in
                if !state.jobs.isEmpty { return .some(state.jobs.removeFirst()) }
                return state.stopped ? .none : .some(nil)
            }
            guard let job = next else { return }
            job?()
        }
    }
}
