// Reads a JPEG's pixel size from its start-of-frame marker (SOF0, SOF2, …) without decoding it: the
// one JPEG header reader, used by image attachments and by the local backend's video route.

/// Why a JPEG's size could not be read.
public enum JPEGSizeError: Error, Equatable {
    /// The data does not start with FF D8 FF.
    case notJPEG
    /// A segment runs past the end of the data.
    case truncated
    /// No start-of-frame marker before the image data.
    case missingFrameHeader
}

/// The width and height of a JPEG image.
public struct JPEGSize: Equatable, Sendable {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int

    /// A size of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// Walks JPEG marker segments up to the first frame header.
public enum JPEGSizeReader {
    /// Whether `bytes` starts like a JPEG file (FF D8 FF).
    public static func looksLikeJPEG(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF
    }

    /// The image size from the first SOFn segment.
    /// - Throws: `JPEGSizeError` for non-JPEG data, truncated segments or no frame header.
    public static func size(of bytes: [UInt8]) throws(JPEGSizeError) -> JPEGSize {
        guard looksLikeJPEG(bytes) else { throw .notJPEG }
        var index = 2
        while index < bytes.count {
            guard bytes[index] == 0xFF else { throw .missingFrameHeader }
            while index < bytes.count, bytes[index] == 0xFF { index += 1 }
            guard index < bytes.count else { throw .truncated }
            let marker = bytes[index]
            index += 1
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }
            if marker == 0xD9 || marker == 0xDA { throw .missingFrameHeader }
            guard index + 1 < bytes.count else { throw .truncated }
            let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
            guard length >= 2, index + length <= bytes.count else { throw .truncated }
            if isStartOfFrame(marker) {
                guard length >= 7 else { throw .truncated }
                let height = Int(bytes[index + 3]) << 8 | Int(bytes[index + 4])
                let width = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                guard width > 0, height > 0 else { throw .missingFrameHeader }
                return JPEGSize(width: width, height: height)
            }
            index += length
        }
        throw .truncated
    }

    /// SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    private static func isStartOfFrame(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }
}
