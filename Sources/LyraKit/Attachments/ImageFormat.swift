// The image formats a message can carry (SPEC §13): PNG, JPEG, WebP and GIF, each with the media
// type sent in its data URL and the extension of its stored file.

/// A recognised image format.
public enum ImageFormat: String, Sendable, Equatable, CaseIterable {
    case png, jpeg, webp, gif

    /// The media type, e.g. `image/png`.
    public var mediaType: String { "image/" + rawValue }

    /// The stored file's extension (`jpg` for JPEG).
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// The name shown in messages, e.g. `PNG`.
    public var displayName: String { self == .webp ? "WebP" : rawValue.uppercased() }

    /// The format of media type `mediaType` (`image/jpg` too), nil for any other type.
    public init?(mediaType: String) {
        let lower = mediaType.lowercased()
        if lower == "image/jpg" { self = .jpeg; return }
        guard lower.hasPrefix("image/"), let format = ImageFormat(rawValue: String(lower.dropFirst(6))) else {
            return nil
        }
        self = format
    }
}

/// What an image's header says: its format and size in pixels.
public struct ImageInfo: Sendable, Equatable {
    /// The format.
    public var format: ImageFormat
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int

    /// Creates image facts.
    public init(format: ImageFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }
}
