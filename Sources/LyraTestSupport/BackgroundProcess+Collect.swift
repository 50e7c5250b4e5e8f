// BackgroundProcess+Collect: the collecting thread: drain both pipes until the program ended
// (plus a grace for children it left behind), the deadline passed or the run was cancelled.
import Foundation

extension BackgroundProcess {
    /// Collects output until the end, kills the program if it is still running, and says how it went.
    func collect() -> Result<ProcessResult, any Error> {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var exitSeen: ContinuousClock.Instant?
        var collector = PipeCollector(stdoutFD: process.stdoutFD, stderrFD: process.stderrFD) { bytes, isStdout in
            self.captured.withLock { if isStdout { $0.stdout.append(contentsOf: bytes) } else { $0.stderr.append(contentsOf: bytes) } }
        }
        _ = collector.collect {
            if exitSeen == nil, process.poll() != nil { exitSeen = clock.now }
            if let exitSeen, clock.now - exitSeen > Self.drainGrace { return true }
            return isCancelled || clock.now >= deadline
        }
        let exited = isCancelled ? nil : wait(until: deadline, clock: clock)
        var exit = exited
        if exited == nil {
            process.signal(SIGKILL)
            exit = wait(until: clock.now.advanced(by: .seconds(30)), clock: clock)
        }
        let (stdout, stderr) = captured.withLock { $0 }
        let result = ProcessResult(stdoutData: stdout, stderrData: stderr, status: exit?.status ?? -1,
                                   terminatedBySignal: exit?.signal)
        if isCancelled { return .failure(CancellationError()) }
        guard exited != nil else {
            return .failure(HarnessError.timedOut(executable: executable.path, timeout: timeout, captured: result))
        }
        return .success(result)
    }

    /// Hands the outcome to every task awaiting `result()`, and to later ones.
    func finish(_ result: Result<ProcessResult, any Error>) {
        let waiting = outcome.withLock { state in
            defer { state = .finished(result) }
            if case .running(let waiting) = state { return waiting }
            return []
        }
        waiting.forEach { $0.resume(with: result) }
    }

    private func wait(until deadline: ContinuousClock.Instant, clock: ContinuousClock) -> TerminalTranscript.Exit? {
        while clock.now < deadline {
            if let exit = process.poll() { return exit }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return process.poll()
    }
}
