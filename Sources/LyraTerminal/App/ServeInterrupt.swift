// Ctrl-C for `lyra serve`: the launcher blocks SIGINT in every thread (only the line editor or the
// interrupt monitor may take it), and serve has neither, so a thread of its own takes it with sigwait.
import Foundation

extension LocalServerHandle {
    /// This server, with a `waitUntilStopped` that first starts a thread which takes SIGINT and stops
    /// the server, so that the wait ends and `lyra serve` exits with status 0. Starting the thread
    /// only when the wait begins keeps it out of processes that never serve (the launcher's tests).
    /// SIGTERM and SIGHUP stay with `TerminationSignals`' watcher, which ends the process by the
    /// signal: two threads in `sigwait` for one signal would race for it.
    func stoppingOnInterrupt() -> LocalServerHandle {
        let server = self
        return LocalServerHandle(url: url, waitUntilStopped: {
            ServeInterrupt.startWatching(stopping: server)
            server.waitUntilStopped()
        }, stop: server.stop)
    }
}

/// The thread that stops `lyra serve` on SIGINT.
enum ServeInterrupt {
    /// Starts a thread that waits for SIGINT (blocked in every thread since `LyraLauncher.main`
    /// began, so it stays pending until this `sigwait` takes it) and then stops `server`.
    static func startWatching(stopping server: LocalServerHandle) {
        let thread = Thread {
            var interrupt = sigset_t()
            sigemptyset(&interrupt)
            sigaddset(&interrupt, SIGINT)
            var received: Int32 = 0
            while sigwait(&interrupt, &received) != 0 {}
            // The terminal echoed `^C`; end that line so the shell's prompt starts on its own.
            if isatty(STDERR_FILENO) == 1 { FileHandle.standardError.write(Data("\n".utf8)) }
            server.stop()
        }
        thread.name = "lyra.serve.interrupt"
        thread.start()
    }
}
