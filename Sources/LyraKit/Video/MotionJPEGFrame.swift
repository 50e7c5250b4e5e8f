// The first frame of a Motion-JPEG AVI (the local backend's videos): the data of the first `00dc`
// chunk, which is a complete JPEG, read without decoding anything.
import Foundation

/// Reads the first JPEG frame out of an AVI file.
public enum MotionJPEGFrame {
    /// The most bytes of the file looked at.
    public static let readLimit = 8 << 20

    /// The first frame of the AVI at `url`, or nil when it is not a Motion-JPEG AVI or cannot be read.
    public static func first(inFileAt url: URL) -> Data? {
        guard let file = try? PosixFile.openingIfPresent(url.path) else { return nil }
        defer { file.closeFile() }
        guard let head = try? file.readChunk(upTo: readLimit) else { return nil }
        return first(in: head)
    }

    /// The first frame in `avi` (an AVI's bytes from its start).
    public static func first(in avi: Data) -> Data? {
        guard VideoContainer.sniff(avi) == .avi else { return nil }
        let bytes = [UInt8](avi)
        let tag: [UInt8] = Array("00dc".utf8)
        var index = 12
        while index + 8 <= bytes.count {
            if bytes[index ..< index + 4].elementsEqual(tag) {
                let size = (0 ..< 4).reduce(0) { $0 | Int(bytes[index + 4 + $1]) << (8 * $1) }
                let start = index + 8
                guard size > 3, start + size <= bytes.count else { return nil }
                let frame = Data(bytes[start ..< start + size])
                return frame.starts(with: [0xFF, 0xD8, 0xFF]) ? frame : nil
            }
            index += 1
        }
        return nil
    }
}
