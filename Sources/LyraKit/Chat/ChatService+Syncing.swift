// The journal syncs a chat turn leaves running (docs/JOURNAL.md, "Syncing"): how a save's
// fdatasync starts, and the last reply's, which the next turn or command waits for.
import Foundation

extension ChatService {
    /// Keeps `sync` as the reply sync the next turn or command waits for (after any still kept, when
    /// two turns overlapped).
    func noteReplySync(_ sync: Task<Void, any Error>) {
        guard let earlier = replySync else {
            replySync = sync
            return
        }
        replySync = Task {
            try await earlier.value
            try await sync.value
        }
    }

    /// Waits until the last reply's journal line is on disk.
    /// - Throws: the `StorageError` of its `fdatasync` (reported once).
    func settleReplySync() async throws {
        guard let pending = replySync else { return }
        replySync = nil
        await store.flushSyncs()
        try await withTaskExecutorPreference(store.executor.taskExecutor) { try await pending.value }
    }

    /// How a save's journal fdatasync runs on the store's sync thread (`saveHandingOver`).
    enum SyncStart {
        /// Started at once (a prompt: its reply waits for it).
        case background
        /// Started within 2 ms, or with the next append if that comes sooner (a reply).
        case lingering
    }
}
