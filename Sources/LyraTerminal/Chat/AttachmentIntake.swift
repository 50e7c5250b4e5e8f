// Takes a file, piped input or the clipboard's bytes into the pending attachments (SPEC §13): an
// image (by its bytes) is stored in the attachment store and waits as an image; UTF-8 text waits as
// text (sent after the message, as `/file` does); anything else is refused naming its source.
import Foundation
import LyraKit
#if canImport(Glibc)
import Glibc
#endif

/// Attaches files and data to the next message.
@MainActor
enum AttachmentIntake {
    /// Attaches the file at `path` (as typed; `~/` means `home`) and says so on stderr.
    /// - Throws: `AttachmentError` naming `path`, or `StorageError` when the image cannot be stored.
    static func attachFile(_ path: String, home: String?, context: CommandContext) throws {
        let bytes = try AttachmentReader.readFile(TildePath.expanding(path, home: home), name: path)
        try attach(bytes, name: path, context: context)
    }

    /// Attaches `bytes` named `name` (a file name, `standard input`, `clipboard`) and says so.
    /// - Throws: `AttachmentError` naming `name`, or `StorageError`.
    static func attach(_ bytes: [UInt8], name: String, context: CommandContext) throws {
        let shown = TextSanitizer.singleLine(name)
        switch try AttachmentReader.classify(bytes, name: shown) {
        case .image(let info, let data):
            let pending = context.attachments
            guard pending.images.count < AttachmentReader.imagesPerMessage else {
                throw AttachmentError.tooManyImages(shown, limit: AttachmentReader.imagesPerMessage)
            }
            let stored = try context.services.attachmentStore.store(data, info: info, name: (name as NSString).lastPathComponent)
            try pending.add(image: StagedImage(attachment: stored, bytes: data))
            context.hint("attached " + TextSanitizer.singleLine(stored.chip) + " to the next message")
        case .text(let text):
            context.attachments.add(text, name: name)
            context.hint("attached \(shown) (text, \(MessageAttachment.sizeText(bytes.count))) to the next message")
        }
    }

    /// Attaches what is piped into standard input (a one-shot PROMPT): an image as an image, text as
    /// text; nothing when stdin is closed or holds only white space. Returns the text attached, if any.
    /// - Throws: `TextAttachmentError` for binary data that is no image or text over 16 MiB,
    ///   `AttachmentError` for an image over 20 MiB or a damaged one.
    @discardableResult
    static func attachStandardInput(context: CommandContext) throws -> String? {
        guard fcntl(0, F_GETFD) != -1 else { return nil }   // closed: nothing piped
        let name = "standard input"
        let limit = max(AttachmentReader.imageLimit, TextAttachment.standardInputLimit)
        let bytes = try AttachmentReader.read(0, name: name, limit: limit)
        if ImageHeaderReader.format(of: bytes) != nil {
            try attach(bytes, name: name, context: context)
            return nil
        }
        guard bytes.count <= TextAttachment.standardInputLimit else {
            throw TextAttachmentError.tooLarge(name, limit: TextAttachment.standardInputLimit)
        }
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else {
            throw TextAttachmentError.notText(name)
        }
        guard !text.allSatisfy(\.isWhitespace) else { return nil }
        context.attachments.add(text, name: name)
        return text
    }
}
