// WorkerThread: one named thread per worker that runs jobs in order and ends when the worker is
// released (every session store has one, and tests make many stores); its one timer, whose job
// runs once the thread is idle at the deadline; and the session store's executor, whose actors'
// jobs run on that thread.
import Foundation
import Synchronization
import Testing
@testable import LyraKit

@Suite struct WorkerThreadTests {
    /// Threads of this process named `name` (`/proc/self/task/*/comm`).
    private func threads(named name: String) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.filter { task in
            let comm = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
            return comm?.trimmingCharacters(in: .newlines) == name
        }.count
    }

    @Test func jobsRunInOrderOnTheWorkersOwnThread() async {
        let worker = WorkerThread(name: "lyra.order-test")
        let seen = Mutex<[Int]>([])
        for number in 0..<100 { worker.add { seen.withLock { $0.append(number) } } }
        let onItsThread = await worker.run { worker.isCurrent }
        #expect(onItsThread)
        #expect(!worker.isCurrent)
        #expect(seen.withLock { $0 } == Array(0..<100))
    }

    /// A timer that is already due still waits for the jobs queued on the thread: it runs when the
    /// thread would otherwise wait (how a prompt's fdatasync runs after its request is sent).
    @Test(.timeLimit(.minutes(1))) func aDueTimerRunsAfterTheJobsAlreadyQueued() async {
        let worker = WorkerThread(name: "lyra.timer-test")
        let seen = Mutex<[String]>([])
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            worker.add {
                worker.setTimer(at: .now()) {
                    seen.withLock { $0.append("timer") }
                    done.resume()
                }
                worker.add { seen.withLock { $0.append("job") } }
            }
        }
        #expect(seen.withLock { $0 } == ["job", "timer"])
    }

    /// A timer set again replaces the one before (only the last one's job runs), and a worker
    /// released with a timer pending runs its job before the thread ends.
    @Test(.timeLimit(.minutes(1))) func aTimerSetAgainReplacesTheOneBeforeAndRunsWhenTheWorkerEnds() async {
        let seen = Mutex<[String]>([])
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let worker = WorkerThread(name: "lyra.timer-test")
            worker.setTimer(at: .now() + .seconds(3600)) { seen.withLock { $0.append("first") } }
            worker.setTimer(at: .now() + .seconds(3600)) {
                seen.withLock { $0.append("second") }
                done.resume()
            }
        }
        #expect(seen.withLock { $0 } == ["second"])
    }

    @Test(.timeLimit(.minutes(1))) func workersMadeAfterSparesWereStartedRunOnNamedThreadsThatEndWithThem() async throws {
        let name = "lyra.spare-test"
        WorkerThread.prepareSpares(2)
        do {
            // Two of these may take the spares (or other tests' workers may take them first).
            let workers = (0..<3).map { _ in WorkerThread(name: name) }
            var threadIDs: Set<pthread_t> = []
            for worker in workers {
                let (id, current) = await worker.run { (pthread_self(), worker.isCurrent) }
                #expect(current)
                threadIDs.insert(id)
            }
            #expect(threadIDs.count == 3)
            #expect(threads(named: name) == 3)
        }
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while threads(named: name) > 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(threads(named: name) == 0)
    }

    @Test func eachWorkerHasAThreadThatEndsWithIt() async throws {
        let name = "lyra.store-test"
        do {
            let executors = (0..<8).map { _ in SessionFileExecutor(label: name) }
            let ran = await withTaskGroup(of: Bool.self) { group in
                for executor in executors {
                    group.addTask { await ProbeActor(executor: executor).runsOnExecutorThread() }
                }
                return await group.reduce(true) { $0 && $1 }
            }
            #expect(ran, "every actor job ran on its executor's own thread")
            #expect(threads(named: name) == 8)
        }
        // Released: each thread finishes its loop and exits (a watchdog, not a timing assertion).
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while threads(named: name) > 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(threads(named: name) == 0)
    }
}

/// An actor on a given `SessionFileExecutor`, as the store and the chat service are.
private actor ProbeActor {
    let executor: SessionFileExecutor
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(executor: SessionFileExecutor) { self.executor = executor }

    func runsOnExecutorThread() -> Bool { executor.isRunningOnItsThread() }
}
