// SpawnedProcess: one program started with posix_spawn (`cpt_spawn_piped`) with pipes for its
// output; reaped exactly once, and never signalled after that (its pid may be reused by then).
import CPseudoTerminal
import Foundation
import Synchronization

/// A started program, its pipe descriptors, and how it ended once reaped.
final class SpawnedProcess: Sendable {
    /// The child's process id.
    let processIdentifier: pid_t
    /// The write end of its stdin pipe, or -1 when its stdin is /dev/null. Owned by the caller.
    let stdinFD: Int32
    /// The read end of its stdout pipe (closed on deinit).
    let stdoutFD: Int32
    /// The read end of its stderr pipe (closed on deinit).
    let stderrFD: Int32
    private let ended = Mutex<TerminalTranscript.Exit?>(nil)

    /// Starts `executable`; `pipeStdin` false connects its stdin to /dev/null.
    /// - Throws: `HarnessError.launchFailed` when the pipes or the process cannot be made.
    init(executable: URL, arguments: [String], environment: [String: String]?,
         workingDirectory: URL?, pipeStdin: Bool) throws {
        let output = try Self.makePipe(executable)
        let errors = try Self.makePipe(executable)
        let input = pipeStdin ? try Self.makePipe(executable) : (read: -1, write: -1)
        let started = Self.spawn(executable, arguments, environment, workingDirectory,
                                 descriptors: (input.read, output.write, errors.write))
        for fd in [input.read, output.write, errors.write] where fd >= 0 { close(fd) }
        guard case .success(let pid) = started else {
            for fd in [input.write, output.read, errors.read] where fd >= 0 { close(fd) }
            if case .failure(let reason) = started {
                throw HarnessError.launchFailed(executable: executable.path, reason: reason)
            }
            throw HarnessError.launchFailed(executable: executable.path, reason: "unknown")
        }
        processIdentifier = pid
        stdinFD = input.write
        stdoutFD = output.read
        stderrFD = errors.read
    }

    deinit {
        if poll() == nil {
            signal(SIGKILL)
            _ = reap(blocking: true)
        }
        close(stdoutFD)
        close(stderrFD)
    }

    /// How the program ended, reaping it if it just did; nil while it runs. Never blocks.
    func poll() -> TerminalTranscript.Exit? { reap(blocking: false) }

    /// Sends `number` to the program unless it has already been reaped.
    func signal(_ number: Int32) {
        ended.withLock { exit in
            if exit == nil { kill(processIdentifier, number) }
        }
    }

    private func reap(blocking: Bool) -> TerminalTranscript.Exit? {
        ended.withLock { exit in
            if let exit { return exit }
            var status: Int32 = 0
            var result: pid_t
            repeat {
                result = waitpid(processIdentifier, &status, blocking ? 0 : WNOHANG)
            } while result < 0 && errno == EINTR
            if result == processIdentifier {
                exit = PseudoTerminalSession.decode(status)
            } else if result < 0 {
                exit = TerminalTranscript.Exit(status: -1, signal: nil)  // ECHILD: reaped elsewhere
            }
            return exit
        }
    }

    private static func makePipe(_ executable: URL) throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard cpt_pipe(&fds) == 0 else {
            throw HarnessError.launchFailed(executable: executable.path, reason: String(cString: strerror(errno)))
        }
        return (fds[0], fds[1])
    }

    private enum Spawned { case success(pid_t), failure(String) }

    private static func spawn(_ executable: URL, _ arguments: [String], _ environment: [String: String]?,
                              _ directory: URL?, descriptors: (Int32, Int32, Int32)) -> Spawned {
        var argv = ([executable.path] + arguments).map { strdup($0) }
        argv.append(nil)
        let variables = environment ?? ProcessInfo.processInfo.environment
        var envp = variables.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
        envp.append(nil)
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let failed = cpt_spawn_piped(executable.path, argv, envp, directory?.path,
                                     descriptors.0, descriptors.1, descriptors.2, &pid)
        return failed == 0 ? .success(pid) : .failure(String(cString: strerror(failed)))
    }
}
