// One thread of its own for blocking work that must never run on Swift's cooperative pool or the
// main actor: the session store's file work, every libedit call, a script's reads. Jobs run in the
// order given; the thread ends when its owner releases it. Made up front, it never has to be created
// while libcurl's dlopen holds the loader's lock (a thread created then waits for the whole load).
import CCurl
import Foundation
import Synchronization

/// A serial worker on a dedicated thread: `add` queues a job, `run` awaits one's result.
public final class WorkerThread: Sendable {
    private let line = JobLine()

    /// Starts the thread, named `name` for ps, top and perf (the first 15 bytes); `setUp` runs on it
    /// first (e.g. unblocking a signal only this thread should take).
    /// A spare thread made by ``prepareSpares(_:)`` becomes this worker's thread when one waits.
    public init(name: String, setUp: @escaping @Sendable () -> Void = {}) {
        let line = self.line
        let body: @Sendable () -> Void = {
            ccurl_name_current_thread(String(decoding: name.utf8.prefix(15), as: UTF8.self))
            setUp()
            line.serve()
        }
        if !SpareThreads.hand(body) { Thread(block: body).start() }
    }

    /// Starts `count` threads that wait to become the threads of the next `count` workers made.
    /// For a worker made while another thread's `dlopen` holds the dynamic loader's lock: creating a
    /// thread then waits for the whole load, handing a job to a spare does not. A spare starts with
    /// the signal mask of the thread that called this.
    public static func prepareSpares(_ count: Int) {
        SpareThreads.start(count)
    }

    deinit {
        line.stop()
    }

    /// Queues `job` after those waiting.
    public func add(_ job: @escaping @Sendable () -> Void) {
        line.add(job)
    }

    /// Runs `body` on the thread and returns its result to the caller's executor directly.
    nonisolated(nonsending) public func run<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            line.add { continuation.resume(returning: body()) }
        }
    }

    /// Whether the calling thread is this worker's thread.
    public var isCurrent: Bool { line.isServingThread() }
}

/// A first-in first-out line of jobs served by one thread until stopped (and drained).
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

/// Threads started ahead of the workers that will use them (``WorkerThread/prepareSpares(_:)``).
private enum SpareThreads {
    /// One waiting thread: it runs the body it is handed, once.
    private final class Spare: Sendable {
        let handed = DispatchSemaphore(value: 0)
        let body = Mutex<(@Sendable () -> Void)?>(nil)
    }

    private static let waiting = Mutex<[Spare]>([])

    static func start(_ count: Int) {
        for _ in 0..<count {
            let spare = Spare()
            Thread {
                spare.handed.wait()
                spare.body.withLock { body in defer { body = nil }; return body }?()
            }.start()
            waiting.withLock { $0.append(spare) }
        }
    }

    /// Hands `body` to a waiting spare; false when none waits.
    static func hand(_ body: @escaping @Sendable () -> Void) -> Bool {
        guard let spare = waiting.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return false }
        spare.body.withLock { $0 = body }
        spare.handed.signal()
        return true
    }
}
