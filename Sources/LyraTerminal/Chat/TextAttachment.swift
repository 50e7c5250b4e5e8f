// Reads the text that `/file PATH` or piped standard input attaches to a message: bounded in size,
// UTF-8 only (no NUL bytes), with a clear `TextAttachmentError` for anything else.
import Foundation
import LyraKit
#if canImport(Glibc)
import Glibc
#endif

/// A text file (or piped input) read for attaching.
public struct TextAttachment: Sendable, Equatable {
    /// The most `/file` attaches: 1 MiB.
    public static let fileLimit = 1 << 20
    /// The most piped standard input a one-shot prompt attaches: 16 MiB.
    public static let standardInputLimit = 16 << 20

    /// The name shown to the user (the path as typed, or `standard input`).
    public var name: String
    /// The content.
    public var text: String
    /// The content's size in bytes.
    public var byteCount: Int
    /// Where the path led when it was a symbolic link (the file actually read), else nil.
    public var linkTarget: String?

    /// Reads the file at `path` (`~` and `~/` mean `home`).
    /// - Throws: `TextAttachmentError` when it is missing, a directory, too large, or not UTF-8 text.
    public static func file(_ path: String, home: String?, limit: Int = fileLimit) throws -> TextAttachment {
        let resolved = TildePath.expanding(path, home: home)
        var info = stat()
        guard stat(resolved, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw TextAttachmentError.missing(path) }
            throw TextAttachmentError.unreadable(path, reason: String(cString: strerror(errno)))
        }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR { throw TextAttachmentError.directory(path) }
        guard kind == S_IFREG else { throw TextAttachmentError.notRegularFile(path) }
        if Int(info.st_size) > limit { throw TextAttachmentError.tooLarge(path, limit: limit) }
        let descriptor = open(resolved, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw TextAttachmentError.unreadable(path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var attachment = try read(descriptor, name: path, limit: limit)
        var link = stat()
        if lstat(resolved, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, let target = realpath(resolved, nil) {
            attachment.linkTarget = String(cString: target)
            free(target)
        }
        return attachment
    }

    /// Reads what is piped into standard input; `nil` when it is closed or holds only white space.
    /// - Throws: `TextAttachmentError` when it is over `limit` or not UTF-8 text.
    public static func standardInput(limit: Int = standardInputLimit) throws -> TextAttachment? {
        guard fcntl(0, F_GETFD) != -1 else { return nil }  // closed: nothing piped
        let attachment = try read(0, name: "standard input", limit: limit)
        return attachment.text.allSatisfy(\.isWhitespace) ? nil : attachment
    }

    /// Reads `descriptor` to its end, refusing more than `limit` bytes, NUL bytes and invalid UTF-8.
    static func read(_ descriptor: Int32, name: String, limit: Int) throws -> TextAttachment {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw TextAttachmentError.unreadable(name, reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > limit { throw TextAttachmentError.tooLarge(name, limit: limit) }
        }
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else {
            throw TextAttachmentError.notText(name)
        }
        return TextAttachment(name: name, text: text, byteCount: bytes.count)
    }
}
