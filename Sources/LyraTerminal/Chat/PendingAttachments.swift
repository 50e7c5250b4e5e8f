// What waits to be attached to the next chat message: texts from `/file`, `/attach` or the data
// piped into a one-shot `lyra PROMPT` (sent after the message and a blank line), and images from
// `/attach`, `/paste`, `--attach` or piped input (SPEC §13), already in the attachment store.
import LyraKit

/// The texts and images the next chat message carries.
@MainActor
public final class PendingAttachments {
    private var texts: [(name: String?, text: String)] = []
    /// The images waiting, in the order they were attached.
    public private(set) var images: [StagedImage] = []

    /// Nothing attached yet.
    public init() {}

    /// Whether nothing is waiting.
    public var isEmpty: Bool { texts.isEmpty && images.isEmpty }

    /// Attaches `text` (named `name` in the listing) to the next message.
    public func add(_ text: String, name: String? = nil) {
        texts.append((name, text))
    }

    /// Attaches an image to the next message.
    /// - Throws: `AttachmentError.tooManyImages` when the message already has the most it takes.
    public func add(image: StagedImage) throws(AttachmentError) {
        guard images.count < AttachmentReader.imagesPerMessage else {
            throw .tooManyImages(image.attachment.name, limit: AttachmentReader.imagesPerMessage)
        }
        images.append(image)
    }

    /// `message` followed by each waiting text after a blank line (`message\n\ntext`); no text is
    /// waiting afterwards. Without texts, `message` itself.
    public func take(appendingTo message: String) -> String {
        guard !texts.isEmpty else { return message }
        defer { texts.removeAll() }
        return ([message] + texts.map(\.text)).joined(separator: "\n\n")
    }

    /// The waiting images; none are waiting afterwards.
    public func takeImages() -> [StagedImage] {
        defer { images.removeAll() }
        return images
    }

    /// Drops everything waiting.
    public func clear() {
        texts.removeAll()
        images.removeAll()
    }

    /// What the prompt shows, e.g. `[2 images]` or `[1 image, 1 text]`; nil when nothing waits.
    public var chip: String? {
        var parts: [String] = []
        if !images.isEmpty { parts.append(images.count == 1 ? "1 image" : "\(images.count) images") }
        if !texts.isEmpty { parts.append(texts.count == 1 ? "1 text" : "\(texts.count) texts") }
        return parts.isEmpty ? nil : "[" + parts.joined(separator: ", ") + "]"
    }

    /// One line per attachment, for `/attach` alone: `image  photo.jpg · 1280×720 · 240 KB`.
    public var listing: [String] {
        images.map { "image  " + TextSanitizer.singleLine($0.attachment.details) }
            + texts.map { "text   " + TextSanitizer.singleLine($0.name ?? "text") + " · "
                + MessageAttachment.sizeText($0.text.utf8.count) }
    }
}
