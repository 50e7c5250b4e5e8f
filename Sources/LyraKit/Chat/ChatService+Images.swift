// The images of a chat turn (SPEC §13): the new message's images go with the provider request,
// and are stored again after the message is saved when another Lyra removed them meanwhile.
import Foundation

extension ChatService {
    /// Writes each image's file again when it went missing since it was attached (a concurrent
    /// Lyra deleting the last session that used it). The message is saved first, so from now on
    /// a deletion sees it and keeps the image.
    /// - Throws: `StorageError` when a file cannot be written.
    func storeAgain(_ images: [StagedImage], in store: AttachmentStore?) throws {
        guard let store else { return }
        for image in images { try store.ensureStored(image.attachment, bytes: image.bytes) }
    }
}

extension ChatProviderRequest {
    /// This request with the new message's `images`, read from `store`.
    func carrying(_ images: [MessageAttachment], from store: AttachmentStore?) -> ChatProviderRequest {
        var request = self
        request.images = images.filter(\.isImage)
        request.attachmentStore = store
        return request
    }

    /// Whether the new message or an earlier one carries an image.
    var carriesImages: Bool {
        !images.isEmpty || history.contains { $0.attachments.contains(where: \.isImage) }
    }
}

extension ChatService {
    /// Removes the stored files of `images`, attached but never sent, unless a session uses them
    /// (another Lyra about to send one stores it again after saving its message).
    public func removeUnsent(_ images: [StagedImage]) async {
        guard let attachments, !images.isEmpty else { return }
        await store.removeUnusedImages(Set(images.map(\.attachment.sha256)), from: attachments)
    }
}
