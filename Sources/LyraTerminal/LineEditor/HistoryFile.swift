// Where REPL history lives (SPEC §2): $XDG_STATE_HOME/lyra/history, LYRA_HISTFILE overriding it
// (empty disables), at most 1000 entries, mode 0600. Pure policy plus the save step.
import CLineEdit
import Foundation
import LyraKit

/// The history file policy: its path (or none) and size.
public struct HistoryFile: Sendable, Equatable {
    /// The file, or `nil` when history is not kept on disk.
    public var path: String?
    /// The most entries kept.
    public var maxEntries: Int

    /// A history file at `path` (or none) keeping at most `maxEntries` lines.
    public init(path: String?, maxEntries: Int = 1000) {
        self.path = path
        self.maxEntries = maxEntries
    }

    /// Resolves the path from `LYRA_HISTFILE` or the state directory.
    /// - Parameters:
    ///   - environment: the process environment.
    ///   - stateDirectory: Lyra's state directory (`$XDG_STATE_HOME/lyra`).
    public static func resolve(environment: [String: String], stateDirectory: URL) -> HistoryFile {
        if let override = environment["LYRA_HISTFILE"] {
            return HistoryFile(path: override.isEmpty ? nil : override)
        }
        return HistoryFile(path: stateDirectory.appendingPathComponent("history").path)
    }

    /// Writes the in-memory history to the file (libedit writes it 0600). Call on the editor thread.
    func save() {
        guard let path else { return }
        try? XDGDirectories.ensureDirectory(URL(fileURLWithPath: path).deletingLastPathComponent())
        _ = cle_history_save(path)
        chmod(path, 0o600)
    }
}
