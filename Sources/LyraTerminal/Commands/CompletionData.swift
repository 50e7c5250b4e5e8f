// Names that Tab completion offers for arguments (session titles, template ids and names). Each
// kind is loaded on the first Tab that needs it, by a loader the app installs, or set by the
// commands that read them. Completion runs on the line-editor thread, so this is lock-protected.
import Dispatch
import Foundation
import Synchronization

/// A thread-safe cache of completion words by kind, filled lazily.
public final class CompletionData: Sendable {
    /// The kinds of names that commands complete.
    public enum Kind: String, Sendable {
        case commandNames, sessionTitles, templateIDs, templateNames, providerNames, modelIDs, roleNames
    }

    /// Loads names of one or more kinds; an empty answer means "nothing to offer".
    public typealias Loader = @Sendable () async -> [Kind: [String]]

    private struct State {
        var names: [Kind: [String]] = [:]
        var loaders: [Kind: (kinds: [Kind], load: Loader)] = [:]
    }

    private let storage = Mutex(State())
    /// How long a Tab waits for a loader before it offers what it has (the load goes on).
    private let loadTimeout: DispatchTimeInterval

    /// An empty cache; a Tab waits at most `loadTimeout` for a loader.
    public init(loadTimeout: DispatchTimeInterval = .seconds(5)) {
        self.loadTimeout = loadTimeout
    }

    /// Replaces the names of one kind (its loader, if any, is no longer needed).
    public func set(_ kind: Kind, _ names: [String]) {
        storage.withLock {
            $0.names[kind] = names
            $0.loaders[kind] = nil
        }
    }

    /// Installs `load` for `kinds`: it runs once, on the first request for any of them not yet set.
    public func setLoader(for kinds: [Kind], _ load: @escaping Loader) {
        storage.withLock { state in
            for kind in kinds where state.names[kind] == nil { state.loaders[kind] = (kinds, load) }
        }
    }

    /// The names of one kind, if they were set or loaded (never runs a loader).
    public func cachedNames(_ kind: Kind) -> [String]? {
        storage.withLock { $0.names[kind] }
    }

    /// The names of one kind, running its loader first when they were never loaded (waiting at
    /// most the load timeout). Called on the line-editor thread; not from the main actor.
    public func names(_ kind: Kind) -> [String] {
        let pending: (kinds: [Kind], load: Loader)? = storage.withLock { state in
            if state.names[kind] != nil { return nil }
            guard let loader = state.loaders[kind] else { return nil }
            for other in loader.kinds { state.loaders[other] = nil }
            return loader
        }
        if let pending { runBlocking(pending.load, kinds: pending.kinds) }
        return storage.withLock { $0.names[kind] ?? [] }
    }

    /// Runs `load` on a task and waits for it (at most the timeout); a late answer is still kept.
    private func runBlocking(_ load: @escaping Loader, kinds: [Kind]) {
        let done = DispatchSemaphore(value: 0)
        Task.detached { [self] in
            let loaded = await load()
            storage.withLock { state in
                for kind in kinds where state.names[kind] == nil { state.names[kind] = loaded[kind] }
            }
            done.signal()
        }
        _ = done.wait(timeout: .now() + loadTimeout)
    }
}
