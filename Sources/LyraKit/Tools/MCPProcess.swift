// One running MCP server program: started with posix_spawn (`cpt_spawn_piped`) with an explicit
// environment, its stdin and stdout as pipes, its stderr appended to a log file; stopped with SIGTERM,
// then SIGKILL after 2 s, and reaped. Every process is also listed in ``MCPProcessRegistry``, so an
// abrupt exit (Ctrl-C in a script, SIGTERM) stops it too.
import CPseudoTerminal
import Dispatch
import Foundation
import Synchronization

/// A started server process and its pipes.
final class MCPProcess: Sendable {
    /// The child's process id.
    let processIdentifier: pid_t
    /// The write end of its stdin (closed by ``closeInput()``).
    private let input: Mutex<Int32>
    /// The read end of its stdout, owned by the reader (closed when it ends).
    private let outputFD: Int32
    /// How it ended once reaped (nil: not yet).
    private let exitStatus = Mutex<Int32?>(nil)
    /// Writes to its stdin happen here, so a full pipe never blocks an actor.
    private let writer: DispatchQueue

    /// Starts `command` with `arguments` and exactly `environment`, its stderr appended to `logURL`.
    /// - Throws: `MCPError.startFailed` when the program is not found or cannot be started.
    init(server: String, command: String, arguments: [String], environment: [String: String], logURL: URL) throws {
        Self.ignoreBrokenPipes
        guard let path = Self.resolve(command, path: environment["PATH"] ?? "") else {
            throw MCPError.startFailed(server: server, reason: "\(command): command not found")
        }
        try? FileManager.default.createDirectory(at: logURL.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        let log = open(logURL.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        var stdinPipe: [Int32] = [-1, -1]
        var stdoutPipe: [Int32] = [-1, -1]
        guard cpt_pipe(&stdinPipe) == 0, cpt_pipe(&stdoutPipe) == 0 else {
            for fd in stdinPipe + stdoutPipe + [log] where fd >= 0 { close(fd) }
            throw MCPError.startFailed(server: server, reason: String(cString: strerror(errno)))
        }
        var argv = ([path] + arguments).map { strdup($0) }
        argv.append(nil)
        var envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
        envp.append(nil)
        var pid: pid_t = 0
        // A process group of its own: Ctrl-C on the terminal cancels Lyra's call, not the server.
        let failed = cpt_spawn_piped_grouped(path, argv, envp, nil, stdinPipe[0], stdoutPipe[1], log, 1, &pid)
        argv.forEach { free($0) }
        envp.forEach { free($0) }
        for fd in [stdinPipe[0], stdoutPipe[1], log] where fd >= 0 { close(fd) }
        guard failed == 0 else {
            close(stdinPipe[1])
            close(stdoutPipe[0])
            throw MCPError.startFailed(server: server, reason: "\(command): \(String(cString: strerror(failed)))")
        }
        processIdentifier = pid
        input = Mutex(stdinPipe[1])
        outputFD = stdoutPipe[0]
        writer = DispatchQueue(label: "lyra.mcp.\(server).stdin")
        MCPProcessRegistry.add(self)
    }

    /// What the program writes to stdout, chunk by chunk, read on a queue of its own; the stream
    /// ends when the program closes stdout (it exited). Call once.
    func output() -> AsyncStream<[UInt8]> {
        let fd = outputFD
        return AsyncStream { continuation in
            DispatchQueue(label: "lyra.mcp.stdout").async {
                var buffer = [UInt8](repeating: 0, count: 64 << 10)
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { break }
                    continuation.yield(Array(buffer[0..<count]))
                }
                close(fd)
                continuation.finish()
            }
        }
    }

    /// Writes `bytes` to the program's stdin; false when it cannot (the program closed it or ended).
    func write(_ bytes: [UInt8]) async -> Bool {
        await withCheckedContinuation { continuation in
            writer.async { [self] in
                let written = input.withLock { fd -> Bool in
                    guard fd >= 0 else { return false }
                    var offset = 0
                    while offset < bytes.count {
                        let count = bytes[offset...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
                        if count < 0, errno == EINTR { continue }
                        guard count > 0 else { return false }
                        offset += count
                    }
                    return true
                }
                continuation.resume(returning: written)
            }
        }
    }

    /// Closes the program's stdin (servers exit when it closes).
    func closeInput() {
        input.withLock { fd in
            if fd >= 0 { close(fd) }
            fd = -1
        }
    }

    /// Whether the program has ended (reaping it if it just did). Never blocks.
    var hasEnded: Bool { reap(blocking: false) != nil }

    /// Stops the program: stdin closed, SIGTERM, SIGKILL after `grace`, then reaped. Blocks the
    /// calling thread up to `grace` (call it off the cooperative pool, or at exit).
    func stop(grace: Duration = .seconds(2)) {
        closeInput()
        guard reap(blocking: false) == nil else { return finish() }
        signal(SIGTERM)
        let deadline = ContinuousClock.now + grace
        while reap(blocking: false) == nil {
            if ContinuousClock.now >= deadline {
                signal(SIGKILL)
                _ = reap(blocking: true)
                break
            }
            usleep(10_000)
        }
        finish()
    }

    private func finish() {
        MCPProcessRegistry.remove(processIdentifier)
    }

    /// Sends `number` unless the program was reaped (its pid may belong to another process by then).
    func signal(_ number: Int32) {
        exitStatus.withLock { status in
            if status == nil { kill(processIdentifier, number) }
        }
    }

    /// The wait status once the program has ended and been reaped, nil while it runs.
    @discardableResult
    func reap(blocking: Bool) -> Int32? {
        exitStatus.withLock { status in
            if let status { return status }
            var raw: Int32 = 0
            var result: pid_t
            repeat {
                result = waitpid(processIdentifier, &raw, blocking ? 0 : WNOHANG)
            } while result < 0 && errno == EINTR
            if result == processIdentifier {
                status = raw
            } else if result < 0 {
                status = -1   // ECHILD: nothing left to reap
            }
            return status
        }
    }

    /// `command` itself when it holds a `/`, else the first executable file of that name in `path`.
    static func resolve(_ command: String, path: String) -> String? {
        if command.contains("/") { return access(command, X_OK) == 0 ? command : nil }
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(command)"
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// A write to a server that has gone fails with EPIPE instead of ending Lyra (as in `LyraApp`).
    private static let ignoreBrokenPipes: Void = { _ = Foundation.signal(SIGPIPE, SIG_IGN) }()
}

/// Every MCP server process still running, so that an abrupt exit stops them all.
public enum MCPProcessRegistry {
    private static let running = Mutex<[pid_t: MCPProcess]>([:])

    static func add(_ process: MCPProcess) {
        running.withLock { $0[process.processIdentifier] = process }
    }

    static func remove(_ pid: pid_t) {
        _ = running.withLock { $0.removeValue(forKey: pid) }
    }

    /// Stops every server still running (SIGTERM to all, SIGKILL after 2 s to those left) and reaps
    /// them; blocks up to 2 s. Called on the way out, also from a signal-watching thread.
    public static func stopAll() {
        let processes = running.withLock { current -> [MCPProcess] in
            defer { current.removeAll() }
            return Array(current.values)
        }
        guard !processes.isEmpty else { return }
        for process in processes {
            process.closeInput()
            process.signal(SIGTERM)
        }
        let deadline = ContinuousClock.now + .seconds(2)
        var left = processes.filter { $0.reap(blocking: false) == nil }
        while !left.isEmpty, ContinuousClock.now < deadline {
            usleep(10_000)
            left = left.filter { $0.reap(blocking: false) == nil }
        }
        for process in left {
            process.signal(SIGKILL)
            process.reap(blocking: true)
        }
    }
}
