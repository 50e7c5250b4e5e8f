// The chat feature's view of the backend: one turn at a time. `APIClient` is the live one.
import Foundation

/// Sends chat turns.
public protocol ChatBackend: Sendable {
    /// Sends `message` in chat `chatID` and returns the assistant's reply.
    /// - Throws: `APIError`.
    /// Runs on the caller's executor (`nonisolated(nonsending)`): a chat turn's only hops are to the
    /// network thread and back.
    nonisolated(nonsending) func sendChatMessage(chatID: String, message: String) async throws -> ChatReplyDTO
}
