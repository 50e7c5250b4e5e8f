// One thread of its own for blocking work that must never run on Swift's cooperative pool or the
// main actor: the session store's file work, every libedit call, a script's reads. Jobs run in the
// order given; the thread ends when its owner releases it. Made up front, it never has to be created
// while libcurl's dlopen holds the loader's lock (a thread created then waits for the whole load).
import CCurl
import Foundation
import Synchronization

/// A serial worker on a dedicated thread: `add` queues a job, `run` awaits one's result.
public final class WorkerThread: Sendable {
    private let line: JobLine

    /// Starts the thread, named `name` for ps, top and perf (the first 15 bytes); `setUp` runs on it
    /// first (e.g. unblocking a signal only this thread should take).
    /// A spare thread made by ``prepareSpares(_:)`` becomes this worker's thread when one waits.
    public init(name: String, setUp: @escaping @Sendable () -> Void = {}) {
        let line = JobLine()
        self.line = line
        let body: @Sendable () -> Void = {
            ccurl_name_current_thread(String(decoding: name.utf8.prefix(15), as: UTF8.self))
            setUp()
            line.serve()
        }
        if !SpareThreads.hand(body) { Thread(block: body).start() }
    }

    /// The main thread as a worker: its jobs and timer run in ``MainThreadLoop/run()``, between
    /// the main actor's jobs. Used only while that loop runs (scripts and one-shots).
    static let mainThread = WorkerThread(line: JobLine(wakingThroughPipe: ()))

    private init(line: JobLine) {
        self.line = line
    }

    /// The line of ``mainThread``, for the loop that serves it.
    var mainThreadLine: JobLine { line }

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

    /// Runs `job` once the thread is idle at `deadline` or later (jobs queued meanwhile run first),
    /// in place of any timer set before. A stopping thread runs a pending timer's job before it ends.
    func setTimer(at deadline: DispatchTime, _ job: @escaping @Sendable () -> Void) {
        line.setTimer(at: deadline, job)
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
final class JobLine: Sendable {
    fileprivate struct State {
        var jobs: [@Sendable () -> Void] = []
        var timer: (deadline: DispatchTime, job: @Sendable () -> Void)?
        var stopped = false
        var thread: pthread_t?
    }
    private let state = Mutex(State())
    private let ready = DispatchSemaphore(value: 0)
    /// For the main thread's line: a pipe whose write end wakes the loop's `poll` (-1 for a line
    /// served by a thread of its own, which waits on `ready`).
    let wakeDescriptor: Int32
    /// The pipe's read end, which the main thread's loop polls.
    let readDescriptor: Int32
    /// For the main thread's line: whether its loop is in (or about to enter) `poll`; a job or
    /// timer added otherwise needs no write, since the loop looks at the line before it waits.
    let sleeping = Atomic(false)

    /// A line served by a thread of its own.
    init() {
        wakeDescriptor = -1
        readDescriptor = -1
    }

    /// The main thread's line, woken through a non-blocking pipe.
    init(wakingThroughPipe: Void) {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        }
        readDescriptor = ends[0]
        wakeDescriptor = ends[1]
    }

    private func wake() {
        guard wakeDescriptor >= 0 else {
            ready.signal()
            return
        }
        guard sleeping.load(ordering: .sequentiallyConsistent) else { return }
        var one: UInt8 = 1
        _ = write(wakeDescriptor, &one, 1)
    }

    func add(_ job: @escaping @Sendable () -> Void) {
        state.withLock { $0.jobs.append(job) }
        wake()
    }

    func setTimer(at deadline: DispatchTime, _ job: @escaping @Sendable () -> Void) {
        state.withLock { $0.timer = (deadline, job) }
        wake()   // a thread waiting without a deadline takes up the new one
    }

    /// For the main thread's loop: marks the calling thread as the serving one.
    func adoptCallingThread() {
        state.withLock { $0.thread = pthread_self() }
    }

    /// For the main thread's loop: runs every job that is ready (and the timer's when due);
    /// returns whether any ran and the pending timer's deadline.
    func runReady() -> (ran: Bool, deadline: DispatchTime?) {
        var ran = false
        while true {
            switch state.withLock({ $0.nextStep() }) {
            case .run(let job):
                job()
                ran = true
            case .wait(let deadline):
                return (ran, deadline)
            case .end:
                return (ran, nil)
            }
        }
    }

    func stop() {
        state.withLock { $0.stopped = true }
        ready.signal()
    }

    func isServingThread() -> Bool {
        state.withLock { state in state.thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    /// The thread's loop: runs the jobs in order, and the timer's job when the thread is idle at its
    /// deadline; returns once stopped and drained (a pending timer's job runs then too). A signal
    /// left over from a job already taken only makes one more turn of the loop.
    func serve() {
        state.withLock { $0.thread = pthread_self() }
        while true {
            switch state.withLock({ $0.nextStep() }) {
            case .run(let job):
                job()
            case .wait(let deadline?):
                _ = ready.wait(timeout: deadline)   // then `nextStep` runs the timer if it is due
            case .wait(nil):
                ready.wait()
            case .end:
                return
            }
        }
    }

}

/// What the serving thread does next.
private enum JobLineStep {
    case run(@Sendable () -> Void)
    /// Until a job comes, or the timer's deadline (nil: none).
    case wait(DispatchTime?)
    case end
}

extension JobLine.State {
    /// Takes the next job: the first queued, else the timer's when it is due (or once stopped);
    /// else how long to wait.
    fileprivate mutating func nextStep() -> JobLineStep {
        if !jobs.isEmpty { return .run(jobs.removeFirst()) }
        if let due = timer, stopped || due.deadline <= .now() {
            timer = nil
            return .run(due.job)
        }
        return stopped ? .end : .wait(timer?.deadline)
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
