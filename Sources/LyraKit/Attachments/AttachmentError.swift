// Why a file cannot be attached, or a message with images cannot be sent (SPEC §13); every case
// names the file or the model and reads as a clear message.
import Foundation

/// An attachment refused.
public enum AttachmentError: Error, Equatable, Sendable {
    /// No file at the path.
    case missing(String)
    /// The path is a directory.
    case directory(String)
    /// Not a regular file (a device, a FIFO, a socket).
    case notRegularFile(String)
    /// Over the limit (`limit` in bytes).
    case tooLarge(String, limit: Int)
    /// A ninth image for one message.
    case tooManyImages(String, limit: Int)
    /// It starts like an image of this format, but its header is broken.
    case damagedImage(String, ImageFormat)
    /// Binary data that is no PNG, JPEG, WebP or GIF image.
    case notImageOrText(String)
    /// The system refused to read it.
    case unreadable(String, reason: String)
    /// The model cannot see images (SPEC §13).
    case modelCannotSee(model: String)
    /// The provider takes no image input at all (the app backend).
    case providerTakesNoImages(provider: String)
    /// A stored image of an earlier message is gone from the attachment store.
    case storedImageMissing(name: String)
}

extension AttachmentError {
    /// Whether the message was refused before it was saved or sent (the model cannot see images).
    public var isRefusalBeforeSending: Bool {
        switch self {
        case .modelCannotSee, .providerTakesNoImages: return true
        default: return false
        }
    }
}

extension AttachmentError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .missing(let name): return "cannot attach \(name): no such file"
        case .directory(let name): return "cannot attach \(name): it is a directory"
        case .notRegularFile(let name): return "cannot attach \(name): not a regular file"
        case .tooLarge(let name, let limit): return "cannot attach \(name): larger than \(limit >> 20) MiB"
        case .tooManyImages(let name, let limit):
            return "cannot attach \(name): a message takes at most \(limit) images"
        case .damagedImage(let name, let format):
            return "cannot attach \(name): a damaged \(format.displayName) image (its header cannot be read)"
        case .notImageOrText(let name):
            return "cannot attach \(name): neither an image (PNG, JPEG, WebP, GIF) nor UTF-8 text"
        case .unreadable(let name, let reason): return "cannot attach \(name): \(reason)"
        case .modelCannotSee(let model): return "\(model) cannot read images; pick a vision model with /model"
        case .providerTakesNoImages(let provider):
            return "the \(provider) provider takes no images; pick a vision model with /model"
        case .storedImageMissing(let name): return "the stored image \(name) is missing from the attachment store"
        }
    }
}
