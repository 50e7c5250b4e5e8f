// The app backend of SPEC §4 as a chat provider: history is kept server-side by chat id, the
// reply arrives whole (one text event), and a different `chat_id` in the reply is reported.
import Foundation

/// Sends chat turns to the app backend (`POST /dola/chats/{id}/messages`).
public struct AppChatProvider: ChatProvider {
    /// The provider's built-in name.
    public static let providerName = "app"

    private let backend: any ChatBackend

    /// A provider over `backend` (the `APIClient`).
    public init(backend: any ChatBackend) {
        self.backend = backend
    }

    public var name: String { Self.providerName }
    public var keepsHistoryServerSide: Bool { true }

    /// The app backend has no image input (SPEC §13).
    /// - Throws: `AttachmentError.providerTakesNoImages`, always.
    public func checkImageInput(model: String) async throws {
        throw AttachmentError.providerTakesNoImages(provider: name)
    }

    /// One text event with the whole reply, the chat id when the server sent a non-empty one, then finished.
    public func streamReply(to request: ChatProviderRequest) -> AsyncThrowingStream<ChatStreamEvent, any Error> {
        let backend = self.backend
        return Self.makeStream { continuation in
            let reply = try await backend.sendChatMessage(chatID: request.conversationID, message: request.message)
            for event in Self.events(of: reply) { continuation.yield(event) }
        }
    }

    /// The whole reply's text, its chat id when non-empty, and the end.
    private static func events(of reply: ChatReplyDTO) -> [ChatStreamEvent] {
        var events: [ChatStreamEvent] = [.text(reply.assistantMessage)]
        if let chatID = reply.chatID?.value.trimmingCharacters(in: .whitespaces), !chatID.isEmpty {
            events.append(.conversationID(chatID))
        }
        events.append(.finished(ChatCompletionInfo()))
        return events
    }
}
