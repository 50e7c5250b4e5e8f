// runProcess / runLyra: the async entry points end-to-end tests use to run a program (usually
// the built `lyra`) with given arguments, stdin and environment, and get its output and status.
import Foundation

/// Runs `executable` to completion and returns what it printed and how it ended.
///
/// stdout and stderr are read concurrently (large outputs never deadlock), stdin is written on
/// its own thread and then closed, and the program is killed when `timeout` passes.
/// - Parameters:
///   - executable: the program to run.
///   - arguments: its arguments (without the program name).
///   - stdinData: bytes for its stdin; `nil` connects stdin to `/dev/null`.
///   - environment: its whole environment; `nil` inherits this process's environment.
///   - workingDirectory: its working directory; `nil` keeps this process's.
///   - timeout: how long it may run before it is killed.
/// - Throws: `HarnessError.launchFailed`, `HarnessError.timedOut` (holding what was captured),
///   or `CancellationError` when the calling task is cancelled (the program is killed).
public func runProcess(
    executable: URL,
    arguments: [String] = [],
    stdinData: Data? = nil,
    environment: [String: String]? = nil,
    workingDirectory: URL? = nil,
    timeout: Duration = Watchdog.standard
) async throws -> ProcessResult {
    let process = try BackgroundProcess(executable: executable, arguments: arguments,
                                        input: stdinData.map { .data($0) } ?? .nullDevice, environment: environment,
                                        workingDirectory: workingDirectory, timeout: timeout)
    return try await withTaskCancellationHandler {
        try await process.result()
    } onCancel: {
        process.cancel()
    }
}

/// Runs the built `lyra` executable (see `LyraBinary`) to completion.
/// - Parameters:
///   - arguments: its command-line arguments.
///   - stdin: text for its stdin; with `stdinData` also `nil`, stdin is `/dev/null`.
///   - stdinData: bytes for its stdin; wins over `stdin` when both are given.
///   - environment: its whole environment, usually `TemporaryEnvironment.environment`.
///   - workingDirectory: its working directory; `nil` keeps this process's.
///   - timeout: how long it may run before it is killed.
/// - Throws: `HarnessError.binaryNotFound` when it is not built, else as `runProcess`.
public func runLyra(
    _ arguments: [String] = [],
    stdin: String? = nil,
    stdinData: Data? = nil,
    environment: [String: String],
    workingDirectory: URL? = nil,
    timeout: Duration = Watchdog.standard
) async throws -> ProcessResult {
    try await runProcess(executable: try LyraBinary.url, arguments: arguments,
                         stdinData: stdinData ?? stdin.map { Data($0.utf8) },
                         environment: environment, workingDirectory: workingDirectory, timeout: timeout)
}
