// The body of a chat turn: `POST /dola/chats/{chatID}/messages` with `{"message": "…"}`.
import Foundation

/// A user message sent to the chat backend.
public struct ChatMessageRequestDTO: Codable, Equatable, Sendable {
    /// The user's text.
    public var message: String

    /// Creates the body.
    public init(message: String) {
        self.message = message
    }
}
