// PseudoTerminalSession: runs a program on a real pseudo-terminal (forkpty) so tests can type,
// press keys, read the screen output and see how it exits. Every wait has a deadline.
import CPseudoTerminal
import Foundation

/// A program running on a new pseudo-terminal of a given size, which is its controlling
/// terminal and its stdin, stdout and stderr. Output is collected continuously by a reader
/// thread. On deinit the program (and its process group) is killed and reaped.
public final class PseudoTerminalSession: Sendable {
    /// The child's process id (also its process group and session id).
    public let processIdentifier: pid_t
    private let masterFD: Int32
    let transcript = TerminalTranscript()
    private static let pollInterval: Duration = .milliseconds(5)

    /// Starts `executable` on a new pseudo-terminal.
    /// - Parameters:
    ///   - executable: the program (an absolute path; no `PATH` lookup).
    ///   - arguments: its arguments, without the program name.
    ///   - environment: its whole environment.
    ///   - workingDirectory: its working directory; `nil` keeps this process's.
    ///   - columns: the terminal width.
    ///   - rows: the terminal height.
    /// - Throws: `HarnessError.launchFailed` when the terminal or the process cannot be made.
    ///   (A program that exists but cannot be executed exits with status 127.)
    public init(executable: URL, arguments: [String], environment: [String: String],
                workingDirectory: URL? = nil, columns: Int = 100, rows: Int = 30) throws {
        var argv = ([executable.path] + arguments).map { strdup($0) }
        argv.append(nil)
        var envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
        envp.append(nil)
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var fd: Int32 = -1
        var pid: pid_t = 0
        let result = cpt_spawn(executable.path, argv, envp, workingDirectory?.path,
                               UInt16(clamping: rows), UInt16(clamping: columns), &fd, &pid)
        guard result == 0 else {
            throw HarnessError.launchFailed(executable: executable.path, reason: String(cString: strerror(errno)))
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        masterFD = fd
        processIdentifier = pid
        transcript.startReading(fd)
    }

    deinit {
        terminate()
        if transcript.ownerWillGo() {
            close(masterFD)
        }
    }

    // MARK: - Input

    /// Types `text` (UTF-8) into the terminal, as if pasted. Gives up silently after 5 s if
    /// the program never reads; the next `waitFor` then fails with the output so far.
    public func send(_ text: String) {
        send(bytes: Array(text.utf8))
    }

    /// Writes raw `bytes` to the terminal (escape sequences, a bracketed paste, invalid UTF-8).
    /// Gives up silently after `timeout` if the program stops reading.
    public func send(bytes: [UInt8], timeout: Duration = .seconds(5)) {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var offset = 0
        while offset < bytes.count, ContinuousClock.now < deadline {
            let written = bytes[offset...].withUnsafeBytes { write(masterFD, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else if written < 0 && (errno == EAGAIN || errno == EINTR) {
                var descriptor = pollfd(fd: masterFD, events: Int16(POLLOUT), revents: 0)
                _ = poll(&descriptor, 1, 20)
            } else {
                return
            }
        }
    }

    /// Sends `text` as a bracketed paste (`ESC[200~` … `ESC[201~`), the way a terminal delivers a
    /// paste when the program turned bracketed paste on. Line breaks in `text` should be `\r`.
    public func paste(_ text: String, timeout: Duration = .seconds(5)) {
        send(bytes: Array(("\u{1B}[200~" + text + "\u{1B}[201~").utf8), timeout: timeout)
    }

    /// Presses `key`.
    public func send(_ key: Key) {
        send(key.sequence)
    }

    /// Whether the terminal echoes what is typed (its `ECHO` local mode), e.g. after the program
    /// exited; nil when the modes cannot be read.
    public var echoIsOn: Bool? {
        var settings = termios()
        guard tcgetattr(masterFD, &settings) == 0 else { return nil }
        return settings.c_lflag & tcflag_t(ECHO) != 0
    }

    /// Changes the terminal size; the program gets SIGWINCH.
    public func resize(columns: Int, rows: Int) {
        _ = cpt_set_window_size(masterFD, UInt16(clamping: rows), UInt16(clamping: columns))
    }

    // MARK: - Output

    /// Everything the program has written so far, raw (escape sequences included).
    public var output: String { transcript.all() }

    /// Everything the program has written so far, with escape sequences stripped (see `ANSIText`).
    public var plainOutput: String { ANSIText.strip(output) }

    /// Starts a new search window for `waitFor`: only output written after this call counts.
    public func mark() {
        transcript.setMark()
    }

    /// Blocks until the output since the last `mark()` (raw or ANSI-stripped) contains `needle`.
    /// The window is not moved: call `mark()` before waiting for the next occurrence.
    /// - Returns: the ANSI-stripped output since the mark.
    /// - Throws: `HarnessError.outputNotFound` with that output, when `timeout` passes or the
    ///   program closed the terminal without printing `needle`.
    @discardableResult
    public func waitFor(_ needle: String, timeout: Duration = Watchdog.standard) throws -> String {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            if let found = try check(needle, deadline: deadline, timeout: timeout) { return found }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    /// `waitFor(_:timeout:)` for async tests: suspends instead of blocking a thread, so servers
    /// running on Swift's cooperative pool in the same process keep being served.
    @discardableResult
    public func awaitOutput(containing needle: String, timeout: Duration = Watchdog.standard) async throws -> String {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            if let found = try check(needle, deadline: deadline, timeout: timeout) { return found }
            try await Task.sleep(for: Self.pollInterval)
        }
    }

    private func check(_ needle: String, deadline: ContinuousClock.Instant, timeout: Duration) throws -> String? {
        let (raw, finished) = transcript.window()
        let plain = ANSIText.strip(raw)
        if raw.contains(needle) || plain.contains(needle) { return plain }
        if finished || ContinuousClock.now >= deadline {
            throw HarnessError.outputNotFound(needle: needle, timeout: timeout, plainOutput: plain)
        }
        return nil
    }
}
