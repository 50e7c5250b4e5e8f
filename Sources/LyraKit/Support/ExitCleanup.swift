// Paths to delete when Lyra ends abruptly (Ctrl-C in a script exits at once from the interrupt
// thread): a download's staging directory is registered while it exists, so no partial file stays.
import Foundation
import Synchronization

/// A process-wide list of temporary paths removed by ``removeAll()`` before an abrupt exit.
public enum ExitCleanup {
    private static let paths = Mutex<[Int: String]>([:])
    private static let nextToken = Atomic<Int>(0)

    /// Registers `path` (a file or a directory) for removal; returns the token to unregister it.
    public static func register(_ path: String) -> Int {
        let token = nextToken.add(1, ordering: .relaxed).newValue
        paths.withLock { $0[token] = path }
        return token
    }

    /// Forgets a path that was removed (or kept) in the normal way.
    public static func unregister(_ token: Int) {
        _ = paths.withLock { $0.removeValue(forKey: token) }
    }

    /// Removes every registered path (recursively) and stops the MCP servers still running; called
    /// just before the process exits.
    public static func removeAll() {
        MCPProcessRegistry.stopAll()
        let pending = paths.withLock { current -> [String] in
            defer { current.removeAll() }
            return Array(current.values)
        }
        for path in pending { try? FileManager.default.removeItem(atPath: path) }
    }
}
