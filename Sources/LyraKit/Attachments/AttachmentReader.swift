// Reads a file (or piped input) to attach and tells an image from text by its bytes (SPEC §13):
// an image is PNG, JPEG, WebP or GIF by its signature, whatever its name; text is UTF-8 without
// NUL bytes; anything else is refused with a message naming the file.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a file attached turned out to be.
public enum AttachmentContent: Sendable, Equatable {
    /// An image: its header facts and its bytes.
    case image(ImageInfo, bytes: [UInt8])
    /// UTF-8 text.
    case text(String)
}

/// Reads and classifies attachments.
public enum AttachmentReader {
    /// The largest image: 20 MiB.
    public static let imageLimit = 20 << 20
    /// The most images one message carries.
    public static let imagesPerMessage = 8
    /// The largest text file `/attach` and `/file` take: 1 MiB.
    public static let textLimit = 1 << 20

    /// The bytes of the regular file at `path` (as given: absolute or relative), at most `limit`.
    /// - Throws: `AttachmentError` naming `name`.
    public static func readFile(_ path: String, name: String, limit: Int = imageLimit) throws(AttachmentError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .missing(name) }
            throw .unreadable(name, reason: String(cString: strerror(errno)))
        }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR { throw .directory(name) }
        guard kind == S_IFREG else { throw .notRegularFile(name) }
        if Int(info.st_size) > limit { throw .tooLarge(name, limit: limit) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .unreadable(name, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        return try read(descriptor, name: name, limit: limit)
    }

    /// Reads `descriptor` to its end, refusing more than `limit` bytes.
    /// - Throws: `AttachmentError.tooLarge` or `.unreadable`, naming `name`.
    public static func read(_ descriptor: Int32, name: String, limit: Int) throws(AttachmentError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw .unreadable(name, reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > limit { throw .tooLarge(name, limit: limit) }
        }
        return bytes
    }

    /// An image when the bytes say so (at most `imageLimit`), else text (at most `textLimit`).
    /// - Throws: `AttachmentError` naming `name`: a damaged image, binary data, or text over its limit.
    public static func classify(_ bytes: [UInt8], name: String, textLimit: Int = textLimit)
        throws(AttachmentError) -> AttachmentContent {
        let info: ImageInfo?
        do { info = try ImageHeaderReader.info(of: bytes) } catch { throw .damagedImage(name, error.format) }
        if let info {
            guard bytes.count <= imageLimit else { throw .tooLarge(name, limit: imageLimit) }
            return .image(info, bytes: bytes)
        }
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else {
            throw .notImageOrText(name)
        }
        guard bytes.count <= textLimit else { throw .tooLarge(name, limit: textLimit) }
        return .text(text)
    }
}

extension ImageHeaderError {
    /// The format the damaged image claimed.
    var format: ImageFormat {
        switch self { case .damaged(let format): return format }
    }
}
