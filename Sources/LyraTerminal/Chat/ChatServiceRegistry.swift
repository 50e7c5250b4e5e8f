// Keeps the one `ChatService` of each `AppServices` outside its feature cache: that cache is emptied
// by `reloadConfiguration()` (after `/settings set`, `/login`), and the current session must survive it.
import Foundation
import LyraKit

/// The chat service of each live `AppServices`, held weakly by owner.
@MainActor
enum ChatServiceRegistry {
    private final class Entry {
        weak var owner: AppServices?
        let service: ChatService

        init(owner: AppServices, service: ChatService) {
            self.owner = owner
            self.service = service
        }
    }

    private static var entries: [Entry] = []

    /// The service of `owner`, made by `make` the first time.
    static func service(for owner: AppServices, make: () -> ChatService) -> ChatService {
        entries.removeAll { $0.owner == nil }
        if let entry = entries.first(where: { $0.owner === owner }) { return entry.service }
        let service = make()
        entries.append(Entry(owner: owner, service: service))
        return service
    }
}
