// Checks the photos of a video request before anything is uploaded (SPEC §4): 1–3 of them, each a
// readable regular file of at most 20 MiB whose content starts with the JPEG marker FF D8 FF.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Validates photo files for `template2video`. Reads only the first three bytes of each file.
public enum PhotoValidator {
    /// The largest accepted photo: 20 MiB.
    public static let maximumBytes: Int64 = 20 << 20
    /// How many photos a video takes.
    public static let allowedCount = 1 ... 3
    /// The start of every JPEG file.
    public static let jpegMarker: [UInt8] = [0xFF, 0xD8, 0xFF]

    /// Checks every photo, in order, and returns their file URLs.
    /// - Parameter paths: the paths as the user typed them (used in messages), absolute or
    ///   relative to the working directory.
    /// - Throws: `VideoError` naming the first refused file and the reason.
    public static func check(_ paths: [String]) throws(VideoError) -> [URL] {
        guard allowedCount.contains(paths.count) else { throw .photoCount(paths.count) }
        return try paths.map { path throws(VideoError) in try checkOne(path) }
    }

    /// Checks one photo.
    /// - Throws: `VideoError` naming `path`.
    public static func checkOne(_ path: String) throws(VideoError) -> URL {
        let url = URL(filePath: path).standardizedFileURL
        let file: PosixFile
        do {
            guard let opened = try PosixFile.openingIfPresent(url.path, flags: O_RDONLY | O_NONBLOCK) else {
                throw VideoError.photoMissing(path)
            }
            file = opened
        } catch let error as VideoError {
            throw error
        } catch {
            throw .photoUnreadable(path, reason: reason(of: error))
        }
        defer { file.closeFile() }
        do {
            let info = try file.status()
            guard info.st_mode & S_IFMT == S_IFREG else { throw VideoError.photoNotAFile(path) }
            guard Int64(info.st_size) <= maximumBytes else { throw VideoError.photoTooLarge(path, bytes: Int64(info.st_size)) }
            let head = try file.readChunk(upTo: jpegMarker.count)
            guard Array(head) == jpegMarker else { throw VideoError.photoNotJPEG(path) }
        } catch let error as VideoError {
            throw error
        } catch {
            throw .photoUnreadable(path, reason: reason(of: error))
        }
        return url
    }

    private static func reason(of error: any Error) -> String {
        if case let .fileSystem(_, _, reason)? = error as? StorageError { return reason }
        return (error as? any LocalizedError)?.errorDescription ?? "unknown error"
    }
}
