// ProcessLauncher: runs one program to completion with Foundation `Process` on the calling
// thread: pipes for all three streams, stdin written on its own thread, a hard deadline.
import Foundation
import Synchronization

/// Everything needed to run one program.
struct ProcessRequest: Sendable {
    var executable: URL
    var arguments: [String]
    var stdinData: Data?
    var environment: [String: String]?
    var workingDirectory: URL?
    var timeout: Duration
}

/// A flag the async caller sets when its task is cancelled.
final class CancellationFlag: Sendable {
    private let state = Atomic<Bool>(false)
    /// Marks the run as cancelled.
    func set() { state.store(true, ordering: .relaxed) }
    /// Whether the run was cancelled.
    var isSet: Bool { state.load(ordering: .relaxed) }
}

/// Runs programs synchronously with a deadline; `runProcess` calls it on a dedicated thread.
enum ProcessLauncher {
    /// How long output is still drained after the program exits, in case a child it left
    /// behind keeps the pipes open.
    static let drainGrace: Duration = .seconds(2)

    /// Runs `request` and returns its output and status.
    /// - Throws: `HarnessError.launchFailed`, `HarnessError.timedOut`, or `CancellationError`.
    static func run(_ request: ProcessRequest, cancellation: CancellationFlag) throws -> ProcessResult {
        let process = Process()
        process.executableURL = request.executable
        process.arguments = request.arguments
        if let environment = request.environment { process.environment = environment }
        if let directory = request.workingDirectory { process.currentDirectoryURL = directory }
        let stdoutPipe = Pipe()
        let stderrPipe = Pipe()
        let stdinPipe = request.stdinData == nil ? nil : Pipe()
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        process.standardInput = stdinPipe ?? FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            throw HarnessError.launchFailed(executable: request.executable.path, reason: error.localizedDescription)
        }
        try? stdoutPipe.fileHandleForWriting.close()
        try? stderrPipe.fileHandleForWriting.close()
        if let stdinPipe, let data = request.stdinData {
            try? stdinPipe.fileHandleForReading.close()
            writeInBackground(data, to: stdinPipe.fileHandleForWriting)
        }
        return try collect(process, exited: exited, request: request, cancellation: cancellation,
                           stdout: stdoutPipe.fileHandleForReading, stderr: stderrPipe.fileHandleForReading)
    }

    private static func collect(
        _ process: Process, exited: DispatchSemaphore, request: ProcessRequest,
        cancellation: CancellationFlag, stdout: FileHandle, stderr: FileHandle
    ) throws -> ProcessResult {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: request.timeout)
        var exitSeen: ContinuousClock.Instant?
        var collector = PipeCollector(stdoutFD: stdout.fileDescriptor, stderrFD: stderr.fileDescriptor)
        _ = collector.collect {
            if exitSeen == nil, !process.isRunning { exitSeen = clock.now }
            if let exitSeen, clock.now - exitSeen > drainGrace { return true }
            return cancellation.isSet || clock.now >= deadline
        }
        let finished = cancellation.isSet ? false : wait(exited, until: deadline, clock: clock)
        if !finished {
            kill(process.processIdentifier, SIGKILL)
            _ = exited.wait(timeout: .now() + .seconds(5))
        }
        let result = makeResult(process, stdout: collector.stdoutData, stderr: collector.stderrData)
        if cancellation.isSet { throw CancellationError() }
        guard finished else {
            throw HarnessError.timedOut(executable: request.executable.path, timeout: request.timeout, captured: result)
        }
        return result
    }

    private static func wait(_ semaphore: DispatchSemaphore, until deadline: ContinuousClock.Instant,
                             clock: ContinuousClock) -> Bool {
        let remaining = max(clock.now.duration(to: deadline), .zero)
        let (seconds, attoseconds) = remaining.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        return semaphore.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success
    }

    private static func makeResult(_ process: Process, stdout: Data, stderr: Data) -> ProcessResult {
        guard !process.isRunning else {
            return ProcessResult(stdoutData: stdout, stderrData: stderr, status: -1, terminatedBySignal: nil)
        }
        if process.terminationReason == .uncaughtSignal {
            let signal = process.terminationStatus
            return ProcessResult(stdoutData: stdout, stderrData: stderr, status: 128 + signal, terminatedBySignal: signal)
        }
        return ProcessResult(stdoutData: stdout, stderrData: stderr, status: process.terminationStatus,
                             terminatedBySignal: nil)
    }

    /// Writes `data` to `handle` on its own thread, then closes it. SIGPIPE is blocked on that
    /// thread, so a program that exits without reading its input makes `write` fail with EPIPE
    /// instead of killing the test process.
    private static func writeInBackground(_ data: Data, to handle: FileHandle) {
        let thread = Thread {
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
            let fd = handle.fileDescriptor
            data.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = write(fd, bytes.baseAddress?.advanced(by: offset), bytes.count - offset)
                    if written > 0 {
                        offset += written
                    } else if written < 0 && errno == EINTR {
                        continue
                    } else {
                        return
                    }
                }
            }
            try? handle.close()
        }
        thread.start()
    }
}
