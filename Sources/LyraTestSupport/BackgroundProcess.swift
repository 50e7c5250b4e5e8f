// BackgroundProcess: a program started with pipes whose output a thread of its own collects while
// the test goes on: signal it, write to its stdin, read what it printed so far, await its end.
import Foundation
import Synchronization

/// A running program (posix_spawn, see `SpawnedProcess`) with its stdout and stderr collected
/// as they arrive, a hard deadline, and an awaitable result. `runProcess` is built on it.
public final class BackgroundProcess: Sendable {
    /// What the program reads on stdin.
    public enum Input: Sendable {
        /// `/dev/null`.
        case nullDevice
        /// These bytes (written on a thread of their own), then end of file.
        case data(Data)
        /// A pipe the test writes to with `write(_:)` and ends with `closeInput()`.
        case open
    }

    /// How long output is still drained after the program exits, in case a child it left
    /// behind keeps the pipes open.
    static let drainGrace: Duration = .seconds(2)

    let process: SpawnedProcess
    let executable: URL
    let timeout: Duration
    let captured = Mutex<(stdout: Data, stderr: Data)>((Data(), Data()))
    let outcome = Mutex<Outcome>(.running([]))
    private let cancellation = Atomic<Bool>(false)
    private let input: Mutex<Int32>

    /// Where the run is: still collecting (with the tasks awaiting it) or finished.
    enum Outcome {
        case running([CheckedContinuation<ProcessResult, any Error>])
        case finished(Result<ProcessResult, any Error>)
    }

    /// Starts `executable` and begins collecting its output.
    /// - Parameters:
    ///   - executable: the program.
    ///   - arguments: its arguments (without the program name).
    ///   - input: what it reads on stdin.
    ///   - environment: its whole environment; `nil` inherits this process's environment.
    ///   - workingDirectory: its working directory; `nil` keeps this process's.
    ///   - timeout: how long it may run before it is killed (a watchdog).
    /// - Throws: `HarnessError.launchFailed`.
    public init(executable: URL, arguments: [String] = [], input: Input = .nullDevice,
                environment: [String: String]? = nil, workingDirectory: URL? = nil,
                timeout: Duration = Watchdog.standard) throws {
        let pipeStdin: Bool
        if case .nullDevice = input { pipeStdin = false } else { pipeStdin = true }
        process = try SpawnedProcess(executable: executable, arguments: arguments, environment: environment,
                                     workingDirectory: workingDirectory, pipeStdin: pipeStdin)
        self.executable = executable
        self.timeout = timeout
        self.input = Mutex(process.stdinFD)
        if case .data(let data) = input {
            let fd = self.input.withLock { fd in defer { fd = -1 }; return fd }
            StdinWriter.write(data, to: fd)
        }
        let thread = Thread { [self] in finish(collect()) }
        thread.start()
    }

    /// The program's process id.
    public var processIdentifier: pid_t { process.processIdentifier }

    /// Everything the program wrote to stdout so far, decoded as UTF-8.
    public var stdoutSoFar: String { String(decoding: captured.withLock { $0.stdout }, as: UTF8.self) }

    /// Waits until the program's stdout so far contains `needle` (polling; `timeout` is a watchdog).
    /// - Throws: `HarnessError.outputNotFound` with the output so far when `timeout` passes.
    public func awaitOutput(containing needle: String, timeout: Duration = Watchdog.standard) async throws {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while !stdoutSoFar.contains(needle) {
            guard ContinuousClock.now < deadline else {
                throw HarnessError.outputNotFound(needle: needle, timeout: timeout, plainOutput: stdoutSoFar)
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Sends `signal` to the program, unless it has already ended and been reaped.
    public func signal(_ signal: Int32) { process.signal(signal) }

    /// Writes `text` to the program's stdin (with `Input.open`; ignored otherwise or once closed).
    public func write(_ text: String) {
        input.withLock { fd in
            guard fd >= 0 else { return }
            StdinWriter.writeAll(Array(text.utf8), to: fd)
        }
    }

    /// Closes the program's stdin, so it reads end of file.
    public func closeInput() {
        input.withLock { fd in
            if fd >= 0 { close(fd) }
            fd = -1
        }
    }

    /// Kills the program; `result()` then throws `CancellationError`.
    public func cancel() { cancellation.store(true, ordering: .relaxed) }

    /// Waits for the program to end and returns its output and status.
    /// - Throws: `HarnessError.timedOut` (holding what was captured) when the deadline passed,
    ///   `CancellationError` after `cancel()`.
    public func result() async throws -> ProcessResult {
        try await withCheckedThrowingContinuation { continuation in
            let done: Result<ProcessResult, any Error>? = outcome.withLock { state in
                switch state {
                case .running(let waiting):
                    state = .running(waiting + [continuation])
                    return nil
                case .finished(let result):
                    return result
                }
            }
            if let done { continuation.resume(with: done) }
        }
    }

    var isCancelled: Bool { cancellation.load(ordering: .relaxed) }

    deinit {
        closeInput()
    }
}
