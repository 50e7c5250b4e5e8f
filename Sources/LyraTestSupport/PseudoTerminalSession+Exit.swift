// PseudoTerminalSession+Exit: waiting for the program to end, signalling it, and reaping it.
import Foundation

extension PseudoTerminalSession {
    /// The exit status once the program has been reaped (`128 + signal` when killed), else nil.
    public var exitStatus: Int32? { transcript.state.withLock { $0.exit?.status } }

    /// The signal that killed the program, once reaped; nil when it exited normally or runs.
    public var terminationSignal: Int32? { transcript.state.withLock { $0.exit?.signal } }

    /// Blocks until the program exits, then waits for its last output.
    /// - Returns: the exit status, or `128 + signal` when a signal killed it (see `terminationSignal`).
    /// - Throws: `HarnessError.exitTimedOut` with the output so far when `timeout` passes.
    @discardableResult
    public func waitForExit(timeout: Duration = Watchdog.standard) throws -> Int32 {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            if let exit = reap(blocking: false) {
                drainOutput()
                return exit.status
            }
            if ContinuousClock.now >= deadline {
                throw HarnessError.exitTimedOut(timeout: timeout, plainOutput: plainOutput)
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    /// `waitForExit(timeout:)` for async tests: suspends instead of blocking a thread.
    @discardableResult
    public func awaitExit(timeout: Duration = Watchdog.standard) async throws -> Int32 {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            if let exit = reap(blocking: false) {
                // The reader's last output, without blocking a cooperative thread (a watchdog of 30 s).
                let drained = ContinuousClock.now.advanced(by: .seconds(30))
                while !transcript.state.withLock({ $0.readerFinished }), ContinuousClock.now < drained {
                    try await Task.sleep(for: .milliseconds(5))
                }
                return exit.status
            }
            if ContinuousClock.now >= deadline {
                throw HarnessError.exitTimedOut(timeout: timeout, plainOutput: plainOutput)
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Sends `signal` to the program's process group (the program and what it started).
    public func sendSignal(_ signal: Int32) {
        guard transcript.state.withLock({ $0.exit == nil }) else { return }
        kill(-processIdentifier, signal)
    }

    /// Kills the program and its process group with SIGKILL and reaps it. Safe to call twice.
    public func terminate() {
        guard transcript.state.withLock({ $0.exit == nil }) else { return }
        kill(-processIdentifier, SIGKILL)
        kill(processIdentifier, SIGKILL)
        _ = reap(blocking: true)
    }

    /// Reaps the child once, recording how it ended; returns that, or nil while it runs.
    private func reap(blocking: Bool) -> TerminalTranscript.Exit? {
        transcript.state.withLock { state in
            if let exit = state.exit { return exit }
            var status: Int32 = 0
            var result: pid_t
            repeat {
                result = waitpid(processIdentifier, &status, blocking ? 0 : WNOHANG)
            } while result < 0 && errno == EINTR
            guard result == processIdentifier else {
                // ECHILD: someone else reaped it; the status is unknown.
                if result < 0 { state.exit = TerminalTranscript.Exit(status: -1, signal: nil) }
                return state.exit
            }
            state.exit = Self.decode(status)
            return state.exit
        }
    }

    /// Decodes a `waitpid` status word (the WIFEXITED/WTERMSIG macros are not visible to Swift).
    static func decode(_ status: Int32) -> TerminalTranscript.Exit {
        let signal = status & 0x7F
        if signal == 0 {
            return TerminalTranscript.Exit(status: (status >> 8) & 0xFF, signal: nil)
        }
        return TerminalTranscript.Exit(status: 128 + signal, signal: signal)
    }

    /// Waits (at most 30 s, a watchdog) for the reader to reach the end of the output.
    private func drainOutput() {
        let deadline = ContinuousClock.now.advanced(by: .seconds(30))
        while !transcript.state.withLock({ $0.readerFinished }), ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.005)
        }
    }
}
