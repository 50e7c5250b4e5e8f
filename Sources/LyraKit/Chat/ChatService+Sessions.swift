// The session operations the front end needs besides the current session (list, load for
// show/export, search), so that it never reaches into the session files' store itself.
import Foundation

extension ChatService {
    /// The sessions, most recent first, numbered as `/sessions` shows them, with the files that could not be read.
    /// - Throws: `StorageError` when the directory cannot be read.
    public func listSessions() async throws -> SessionListing {
        try await store.list()
    }

    /// Session `id` as stored now (for show and export).
    /// - Throws: `SessionError.notFound`, or a storage or decoding error.
    public func loadSession(id: String) async throws -> ChatSession {
        try await store.load(id: id)
    }

    /// The sessions with a message containing `text` (ignoring case), in listing order.
    /// - Throws: `StorageError` when the directory cannot be read.
    public func searchSessions(_ text: String) async throws -> [SessionSearchHit] {
        try await SessionSearch.search(text, in: store)
    }

    /// Folds the journal of session `id` into its file, so that other programs read it whole
    /// (before export).
    /// - Throws: `SessionError` or `StorageError`.
    public func foldSession(id: String) async throws {
        try await store.fold(id: id)
    }

    /// Leaves the current session for good (the program exits): its journal is folded into its file.
    /// - Throws: `SessionError` or `StorageError`.
    public func leaveSession() async throws {
        guard let id = await session?.id else { return }
        try await store.fold(id: id)
    }
}
