// A file a message carries (SPEC §13): today an image, stored once by content in the attachment
// store and referenced from the message as `{"kind", "sha256", "mediaType", "bytes", "width",
// "height", "name"}` (its rows in SessionFileFields.swift).

/// An attachment of a message.
public struct MessageAttachment: Sendable, Equatable {
    /// `image` (other kinds, from a newer Lyra, are kept as read).
    public var kind: String
    /// The content's SHA-256, 64 lowercase hex digits: the stored file's name.
    public var sha256: String
    /// The media type, e.g. `image/png`.
    public var mediaType: String
    /// The size in bytes.
    public var bytes: Int
    /// Pixels across (0 when unknown).
    public var width: Int
    /// Pixels down (0 when unknown).
    public var height: Int
    /// The name shown: the file name as attached, `standard input` or `clipboard`.
    public var name: String

    /// The kind of an image attachment.
    public static let imageKind = "image"

    /// Creates an attachment.
    public init(kind: String = MessageAttachment.imageKind, sha256: String, mediaType: String, bytes: Int,
                width: Int, height: Int, name: String) {
        self.kind = kind
        self.sha256 = sha256
        self.mediaType = mediaType
        self.bytes = bytes
        self.width = width
        self.height = height
        self.name = name
    }

    /// Whether this is an image of a format Lyra sends.
    public var isImage: Bool { kind == Self.imageKind && ImageFormat(mediaType: mediaType) != nil }

    /// Whether `sha256` is a well-formed digest (so it can name a file without escaping the store).
    public var hasValidDigest: Bool { Self.isDigest(sha256) }

    /// Whether `text` is 64 lowercase hexadecimal digits.
    public static func isDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
