// Why a file or piped input cannot be attached to a message; each case reads as a clear message.
import Foundation

/// A text that cannot be attached.
public enum TextAttachmentError: Error, Equatable {
    /// No file at the path.
    case missing(String)
    /// The path is a directory.
    case directory(String)
    /// Not a regular file (a device, a FIFO, a socket).
    case notRegularFile(String)
    /// The file or input is over the limit (`limit` in bytes).
    case tooLarge(String, limit: Int)
    /// NUL bytes or invalid UTF-8.
    case notText(String)
    /// The system refused to read it.
    case unreadable(String, reason: String)
}

extension TextAttachmentError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .missing(let name): return "cannot attach \(name): no such file"
        case .directory(let name): return "cannot attach \(name): it is a directory"
        case .notRegularFile(let name): return "cannot attach \(name): not a regular file"
        case .tooLarge(let name, let limit): return "cannot attach \(name): larger than \(limit >> 20) MiB"
        case .notText(let name): return "cannot attach \(name): not UTF-8 text (binary?)"
        case .unreadable(let name, let reason): return "cannot attach \(name): \(reason)"
        }
    }
}
