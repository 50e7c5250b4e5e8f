// Tells the container format of a downloaded video from its first bytes, to pick the file
// extension: RIFF…AVI is `.avi` (the local backend's Motion-JPEG), anything else `.mp4` (SPEC §4).
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A video file format Lyra names files after.
public enum VideoContainer: String, Sendable, Equatable {
    /// RIFF AVI (`RIFF` size `AVI `).
    case avi
    /// ISO base media (`….ftyp…`), and the default for anything unrecognised.
    case mp4

    /// The file extension, without the dot.
    public var fileExtension: String { rawValue }

    /// The format of a file starting with `head`.
    public static func sniff(_ head: Data) -> VideoContainer {
        let bytes = [UInt8](head.prefix(12))
        guard bytes.count == 12 else { return .mp4 }
        if bytes[0 ..< 4].elementsEqual("RIFF".utf8), bytes[8 ..< 12].elementsEqual("AVI ".utf8) { return .avi }
        return .mp4
    }

    /// The format of the file at `url` (`.mp4` when it cannot be read).
    public static func sniff(fileAt url: URL) -> VideoContainer {
        guard let file = try? PosixFile.openingIfPresent(url.standardizedFileURL.path) else { return .mp4 }
        defer { file.closeFile() }
        return sniff((try? file.readChunk(upTo: 12)) ?? Data())
    }
}
