// One dedicated thread for blocking work that must keep a signal mask of its own, off Swift's
// cooperative pool and the main actor: every libedit call (the REPL's only thread that takes SIGINT). Jobs run in the order given; the thread ends with its owner.
import CCurl
import Foundation
import Synchronization

/// A serial worker on a dedicated thread: `run` awaits a job's result.
public final class WorkerThread: Sendable {
    private let line = JobLine()

    /// Starts the thread, named `name` for ps, top and perf (the first 15 bytes); `setUp` runs on it
    /// first (e.g. unblocking a signal only this thread should take).
    public init(name: String, setUp: @escaping @Sendable () -> Void = {}) {
        let line = line
        Thread {
            ccurl_name_current_thread(String(decoding: name.utf8.prefix(15), as: UTF8.self))
            setUp()
            line.serve()
        }.start()
    }

    deinit {
        line.stop()
    }

    /// Runs `body` on the thread and returns its result to the caller's executor.
    nonisolated(nonsending) public func run<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            line.add { continuation.resume(returning: body()) }
        }
    }
}

/// A first-in first-out line of jobs served by one thread until stopped (and drained).
private final class JobLine: Sendable {
    private struct State {
        var jobs: [@Sendable () -> Void] = []
        var stopped = false
    }
    private let state = Mutex(State())
    /// Signalled once for every job added and on stop; a signal left over from a job already taken
    /// only makes one more turn of the loop.
    private let ready = DispatchSemaphore(value: 0)

    func add(_ job: @escaping @Sendable () -> Void) {
        state.withLock { $0.jobs.append(job) }
        ready.signal()
    }

    func stop() {
        state.withLock { $0.stopped = true }
        ready.signal()
    }

    /// Runs the jobs in order; returns once stopped and drained.
    func serve() {
        while true {
            let next = state.withLock { state -> (job: (@Sendable () -> Void)?, end: Bool) in
                state.jobs.isEmpty ? (nil, state.stopped) : (state.jobs.removeFirst(), false)
            }
            if let job = next.job {
                job()
            } else if next.end {
                return
            } else {
                ready.wait()
            }
        }
    }
}
