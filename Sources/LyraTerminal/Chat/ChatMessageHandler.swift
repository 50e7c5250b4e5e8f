// Plain lines are chat turns (SPEC §2): the handler the line interpreter calls for them. The
// provider is resolved first, so a missing configuration fails (exit 2) before anything is saved.
import Foundation
import LyraKit

/// Sends plain lines as chat messages in the current session.
@MainActor
public final class ChatMessageHandler: MessageHandling {
    /// A handler using the services of the context it is called with.
    public init() {}

    /// Sends `text` and shows the reply as it streams.
    /// - Throws: provider errors (the message stays saved with `failed: true`), `ChatError`, `SessionError`, `StorageError`.
    public func send(_ text: String, context: CommandContext) async throws {
        let chat = context.services.chatService()
        let text = context.attachments.take(appendingTo: text)
        let images = context.attachments.images
        let store = context.services.attachmentStore
        do {
            try await ChatTurnPresenter.run(context, chat: chat) { options in
                var options = options
                options.attachmentStore = store
                return try await chat.send(text, images: images, options: options)
            }
        } catch {
            // Refused before sending: the images stay attached for another model (/model). Else they
            // are in the saved message now (/retry resends them).
            let refusal = (error as? AttachmentError ?? (error as? FailedTurnError)?.underlying as? AttachmentError)
            if refusal?.isRefusalBeforeSending != true { _ = context.attachments.takeImages() }
            throw error
        }
        _ = context.attachments.takeImages()
    }
}
