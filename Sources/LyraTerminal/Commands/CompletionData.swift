// Names that Tab completion offers for arguments (session titles, template ids), cached by the
// commands that loaded them. Completion runs on the line-editor thread, so this is lock-protected.
import Foundation
import Synchronization

/// A thread-safe cache of completion words by kind.
public final class CompletionData: Sendable {
    /// The kinds of names that commands complete.
    public enum Kind: String, Sendable {
        case commandNames, sessionTitles, templateIDs, providerNames, modelIDs, roleNames
    }

    private let storage = Mutex<[Kind: [String]]>([:])

    /// An empty cache.
    public init() {}

    /// Replaces the names of one kind.
    public func set(_ kind: Kind, _ names: [String]) {
        storage.withLock { $0[kind] = names }
    }

    /// The names of one kind (empty when none were loaded yet).
    public func names(_ kind: Kind) -> [String] {
        storage.withLock { $0[kind] ?? [] }
    }
}
