// TemporaryEnvironment+Lyra: shortcuts that run `lyra` inside a temporary environment, with its
// variables and its `work/` directory as the working directory.
import Foundation

extension TemporaryEnvironment {
    /// Runs the built `lyra` with this environment, in `workDirectory`.
    /// - Parameters:
    ///   - arguments: its command-line arguments.
    ///   - stdin: text for its stdin; `nil` (and no `stdinData`) means `/dev/null`.
    ///   - stdinData: bytes for its stdin; wins over `stdin`.
    ///   - extraEnvironment: variables added for this run only.
    ///   - timeout: how long it may run before it is killed.
    /// - Throws: as `runLyra(_:stdin:stdinData:environment:workingDirectory:timeout:)`.
    public func runLyra(
        _ arguments: [String] = [],
        stdin: String? = nil,
        stdinData: Data? = nil,
        extraEnvironment: [String: String] = [:],
        timeout: Duration = Watchdog.standard
    ) async throws -> ProcessResult {
        try await LyraTestSupport.runLyra(arguments, stdin: stdin, stdinData: stdinData,
                                          environment: environment(adding: extraEnvironment),
                                          workingDirectory: workDirectory, timeout: timeout)
    }

    /// Starts the built `lyra` on a new pseudo-terminal with this environment.
    /// - Parameters:
    ///   - arguments: its command-line arguments.
    ///   - extraEnvironment: variables added for this session only.
    ///   - columns: the terminal width.
    ///   - rows: the terminal height.
    /// - Throws: `HarnessError.binaryNotFound` or `HarnessError.launchFailed`.
    public func startLyraSession(
        _ arguments: [String] = [],
        extraEnvironment: [String: String] = [:],
        columns: Int = 100,
        rows: Int = 30
    ) throws -> PseudoTerminalSession {
        try PseudoTerminalSession(executable: try LyraBinary.url, arguments: arguments,
                                  environment: environment(adding: extraEnvironment),
                                  workingDirectory: workDirectory, columns: columns, rows: rows)
    }
}
