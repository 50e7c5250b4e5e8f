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

    /// The body as JSON bytes, `{"message":"…"}`, written without `JSONEncoder` (a chat turn's most
    /// frequent request; the same value `JSONEncoder` gives, with `/` left unescaped).
    public func jsonBytes() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(message.utf8.count + 16)
        output.append(contentsOf: #"{"message":"#.utf8)
        JSONText.appendString(message, to: &output)
        output.append(UInt8(ascii: "}"))
        return output
    }
}
