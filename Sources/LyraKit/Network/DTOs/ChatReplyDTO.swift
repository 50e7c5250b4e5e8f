// The reply to a chat turn: `{"chat_id": "…", "assistant_message": "…"}`. The chat id may be
// a number or a string; unknown fields are ignored.
import Foundation

/// The assistant's answer to one chat turn.
public struct ChatReplyDTO: Codable, Equatable, Sendable {
    /// The chat the reply belongs to (a session adopts it when it differs).
    public var chatID: FlexibleID?
    /// The assistant's text.
    public var assistantMessage: String

    /// Creates a reply.
    public init(chatID: FlexibleID?, assistantMessage: String) {
        self.chatID = chatID
        self.assistantMessage = assistantMessage
    }

    enum CodingKeys: String, CodingKey {
        case chatID = "chat_id"
        case assistantMessage = "assistant_message"
    }
}
