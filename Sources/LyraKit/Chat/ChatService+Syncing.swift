// The journal syncs a chat turn leaves running (docs/JOURNAL.md, "Syncing"): the last reply's,
// which the next turn or command waits for.
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
}
