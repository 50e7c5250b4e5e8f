// Recognises an image by its bytes, never by its name (SPEC §13): the signature says the format,
// the header the size. PNG (IHDR), GIF (logical screen), WebP (VP8, VP8L, VP8X), JPEG (its SOF
// marker, through JPEGSizeReader).

/// Why bytes that start like an image cannot be used as one.
public enum ImageHeaderError: Error, Equatable, Sendable {
    /// The signature says `format`, but the header is cut short or makes no sense.
    case damaged(ImageFormat)
}

/// Reads image headers.
public enum ImageHeaderReader {
    /// The format and size of the image in `bytes`; nil when they do not start like any image.
    /// - Throws: `ImageHeaderError.damaged` when they start like an image whose header is broken.
    public static func info(of bytes: [UInt8]) throws(ImageHeaderError) -> ImageInfo? {
        guard let format = format(of: bytes) else { return nil }
        let size: (Int, Int)?
        switch format {
        case .png: size = pngSize(bytes)
        case .gif: size = gifSize(bytes)
        case .webp: size = webpSize(bytes)
        case .jpeg: size = (try? JPEGSizeReader.size(of: bytes)).map { ($0.width, $0.height) }
        }
        guard let (width, height) = size, width > 0, height > 0 else { throw .damaged(format) }
        return ImageInfo(format: format, width: width, height: height)
    }

    /// The format whose signature `bytes` start with, nil for none.
    public static func format(of bytes: [UInt8]) -> ImageFormat? {
        if starts(bytes, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if JPEGSizeReader.looksLikeJPEG(bytes) { return .jpeg }
        if starts(bytes, Array("GIF87a".utf8)) || starts(bytes, Array("GIF89a".utf8)) { return .gif }
        if starts(bytes, Array("RIFF".utf8)), bytes.count >= 12, Array(bytes[8 ..< 12]) == Array("WEBP".utf8) {
            return .webp
        }
        return nil
    }

    // MARK: - Sizes

    /// IHDR, the first chunk: width and height as big-endian 32-bit numbers at 16 and 20.
    private static func pngSize(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count >= 24, Array(bytes[12 ..< 16]) == Array("IHDR".utf8) else { return nil }
        return (bigEndian(bytes, 16, 4), bigEndian(bytes, 20, 4))
    }

    /// The logical screen: little-endian 16-bit width and height at 6 and 8.
    private static func gifSize(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count >= 10 else { return nil }
        return (littleEndian(bytes, 6, 2), littleEndian(bytes, 8, 2))
    }

    /// The first chunk after `WEBP`: lossy `VP8 ` (key frame start code, 14-bit sizes), lossless
    /// `VP8L` (signature 0x2F, 14-bit sizes minus one) or extended `VP8X` (24-bit canvas sizes minus one).
    private static func webpSize(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count >= 30 else { return nil }
        switch String(decoding: bytes[12 ..< 16], as: UTF8.self) {
        case "VP8 ":
            guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { return nil }
            return (littleEndian(bytes, 26, 2) & 0x3FFF, littleEndian(bytes, 28, 2) & 0x3FFF)
        case "VP8L":
            guard bytes[20] == 0x2F else { return nil }
            let bits = littleEndian(bytes, 21, 4)
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return (littleEndian(bytes, 24, 3) + 1, littleEndian(bytes, 27, 3) + 1)
        default:
            return nil
        }
    }

    private static func starts(_ bytes: [UInt8], _ prefix: [UInt8]) -> Bool {
        bytes.count >= prefix.count && Array(bytes[0 ..< prefix.count]) == prefix
    }

    private static func bigEndian(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int {
        bytes[start ..< start + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int {
        bytes[start ..< start + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
