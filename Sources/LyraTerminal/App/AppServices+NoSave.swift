// `--no-save` (SPEC §15): the run's sessions live in a private temporary directory (mode 0700)
// that is removed when Lyra exits, so the sessions directory is left exactly as it was.
import Foundation
import LyraKit

extension AppServices {
    /// Where this run's sessions are kept: the sessions directory, or for `--no-save` a private
    /// temporary one, removed at exit (also on Ctrl-C and SIGTERM, through `ExitCleanup`).
    var sessionsDirectory: URL {
        guard options.noSave else { return directories.sessionsDirectory }
        return Self.unsavedSessionsDirectory ?? directories.sessionsDirectory
    }

    /// The temporary directory of a `--no-save` run, made on first use; nil when none can be made
    /// (then the launch refuses to run, see `ChatLaunch`).
    static let unsavedSessionsDirectory: URL? = {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array((base + "/lyra-no-save-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { return nil }
        let path = String(cString: made)
        _ = ExitCleanup.register(path)
        return URL(fileURLWithPath: path, isDirectory: true)
    }()

    /// Removes the `--no-save` directory (at the end of the run).
    func removeUnsavedSessions() {
        guard options.noSave, let directory = Self.unsavedSessionsDirectory else { return }
        try? FileManager.default.removeItem(at: directory)
    }
}
