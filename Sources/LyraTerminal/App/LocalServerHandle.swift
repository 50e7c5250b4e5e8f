// A started local backend as the launcher sees it. The executable starts it (it links LyraBackend),
// so LyraTerminal does not depend on the server.
import Foundation

/// A started local backend: where it listens, how to wait until it stops, and how to stop it.
public struct LocalServerHandle: Sendable {
    /// The base URL the server listens on.
    public var url: URL
    /// Blocks the calling thread until the server stops.
    public var waitUntilStopped: @Sendable () -> Void
    /// Stops the server: `waitUntilStopped` returns at once, open connections are closed.
    public var stop: @Sendable () -> Void

    /// A handle for a server listening on `url`.
    /// - Parameters:
    ///   - url: where the server listens.
    ///   - waitUntilStopped: blocks until it stops (it also keeps the server alive).
    ///   - stop: stops it (ends `waitUntilStopped`).
    public init(url: URL, waitUntilStopped: @escaping @Sendable () -> Void, stop: @escaping @Sendable () -> Void = {}) {
        self.url = url
        self.waitUntilStopped = waitUntilStopped
        self.stop = stop
    }
}
