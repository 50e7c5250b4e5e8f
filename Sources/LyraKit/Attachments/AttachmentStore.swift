// The attachment store (SPEC §13): `$XDG_DATA_HOME/lyra/attachments/<sha256>.<ext>`, each image
// once by content whatever the number of messages and sessions using it; files are mode 0600 and
// written atomically. Which images a deleted session leaves unused is decided by SessionStore.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where images are kept.
public struct AttachmentStore: Sendable, Equatable {
    /// The directory (`…/lyra/attachments`).
    public let directory: URL

    /// A store in `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The store of the data directory of `directories`.
    public init(directories: XDGDirectories) {
        self.init(directory: directories.dataDirectory.appending(path: "attachments", directoryHint: .isDirectory))
    }

    /// The stored file of `attachment`: `<directory>/<sha256>.<ext>`; nil for a malformed digest or
    /// a media type that is no image Lyra sends.
    public func path(of attachment: MessageAttachment) -> String? {
        guard attachment.hasValidDigest, let format = ImageFormat(mediaType: attachment.mediaType) else { return nil }
        return path(sha256: attachment.sha256, format: format)
    }

    /// Stores the image `bytes` (whose header said `info`) under its digest, unless a file of that
    /// size is already there, and returns its reference named `name`.
    /// - Throws: `StorageError` when the directory or the file cannot be written.
    public func store(_ bytes: [UInt8], info: ImageInfo, name: String) throws -> MessageAttachment {
        let attachment = MessageAttachment(sha256: SHA256.hexDigest(of: bytes), mediaType: info.format.mediaType,
                                           bytes: bytes.count, width: info.width, height: info.height, name: name)
        try ensureStored(attachment, bytes: bytes)
        return attachment
    }

    /// Writes `bytes` as `attachment`'s file when it is missing (another Lyra may have removed it
    /// as unused between the attach and the save of the message) or has another size.
    /// - Throws: `StorageError`.
    public func ensureStored(_ attachment: MessageAttachment, bytes: [UInt8]) throws {
        guard let path = path(of: attachment) else { return }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count { return }
        try XDGDirectories.ensureDirectory(directory)
        try AtomicFile.write(bytes, to: URL(filePath: path))
    }

    /// Whether `attachment`'s file is there.
    public func contains(_ attachment: MessageAttachment) -> Bool {
        guard let path = path(of: attachment) else { return false }
        return access(path, R_OK) == 0
    }

    /// Removes the files of the digests `digests` (every format); missing ones are no error.
    public func remove(digests: Set<String>) {
        for digest in digests where MessageAttachment.isDigest(digest) {
            for format in ImageFormat.allCases {
                unlink(path(sha256: digest, format: format))
            }
        }
    }

    private func path(sha256: String, format: ImageFormat) -> String {
        directory.appending(path: sha256 + "." + format.fileExtension).path
    }
}
