// SIGTERM and SIGHUP: taken by one watcher thread (never by libedit's handler, which re-sends the
// signal to the whole process group), which runs the registered clean-ups, restores the terminal
// and ends only this process, by that signal.
import CLineEdit
import LyraKit
import Synchronization

/// Installs Lyra's handling of SIGTERM and SIGHUP.
public enum TerminationSignals {
    /// Partial downloads and staged uploads (`ExitCleanup`) always go first.
    private static let cleanUps = Mutex<[@Sendable (Int32) -> Void]>([{ _ in ExitCleanup.removeAll() }])

    /// Blocks SIGTERM/SIGHUP in the calling thread and starts the watcher. Call first thing on the
    /// main thread, before any other thread exists, so that every thread inherits the block.
    public static func install() {
        cle_block_termination()
        cle_on_termination { signal in TerminationSignals.runCleanUps(signal) }
        _ = cle_start_termination_watcher()
    }

    /// Adds work to do when SIGTERM or SIGHUP arrives (on the watcher's thread, before the process
    /// ends; keep it short and never wait for the main actor, which may be busy).
    public static func onTermination(_ cleanUp: @escaping @Sendable (Int32) -> Void) {
        cleanUps.withLock { $0.append(cleanUp) }
    }

    private static func runCleanUps(_ signal: Int32) {
        cleanUps.withLock { $0 }.forEach { $0(signal) }
    }
}
