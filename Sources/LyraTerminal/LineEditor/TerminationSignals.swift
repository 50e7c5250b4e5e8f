// SIGTERM and SIGHUP: taken by one watcher thread (never by libedit's handler, which re-sends the
// signal to the whole process group), which restores the terminal and ends only this process.
import CLineEdit
import LyraKit

/// Installs Lyra's handling of SIGTERM and SIGHUP.
public enum TerminationSignals {
    /// Blocks SIGTERM/SIGHUP in the calling thread and starts the watcher. Call first thing on the
    /// main thread, before any other thread exists, so that every thread inherits the block.
    public static func install() {
        cle_block_termination()
        cle_set_termination_cleanup { ExitCleanup.removeAll() }  // partial downloads go too
        _ = cle_start_termination_watcher()
    }
}
