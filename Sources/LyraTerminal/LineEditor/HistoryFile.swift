// Where REPL history lives (SPEC §2): $XDG_STATE_HOME/lyra/history, LYRA_HISTFILE overriding it
// (empty disables), at most 1000 entries, mode 0600. Pure policy; loading and saving safely are
// in HistoryFile+Safety.swift.
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
}
