// A private hidden directory beside the final video where the download lands first. Removing it
// removes any partial file, even one a cancelled transfer is still finishing.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary `.lyra-video-PID-XXXXXX` directory (mode 0700) inside the destination directory,
/// on the same file system so the finished file can be renamed into place. The process id in the
/// name lets a later run sweep what a killed one left (``sweepStale(in:)``).
struct VideoStagingArea: Sendable {
    /// The staging directory.
    let url: URL
    /// Its registration with ``ExitCleanup`` (removed on an abrupt exit too).
    private let cleanupToken: Int

    /// Creates the directory inside `parent`.
    /// - Throws: `VideoError.unusableOutput`.
    init(in parent: URL) throws(VideoError) {
        Self.sweepStale(in: parent)
        let prefix = parent.standardizedFileURL.path + "/" + Self.namePrefix + "\(getpid())-"
        var template = Array((prefix + "XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else {
            throw .unusableOutput(parent.path, reason: String(cString: strerror(errno)))
        }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        url = URL(filePath: path, directoryHint: .isDirectory)
        cleanupToken = ExitCleanup.register(path)
    }

    /// Where the download is written.
    var downloadURL: URL { url.appending(path: "video", directoryHint: .notDirectory) }

    /// Deletes the directory and everything in it, trying again if a cancelled transfer was
    /// still creating its file while the directory was being emptied.
    func remove() {
        defer { ExitCleanup.unregister(cleanupToken) }
        for _ in 0 ..< 3 {
            do {
                try FileManager.default.removeItem(at: url)
                return
            } catch {
                if !FileManager.default.fileExists(atPath: url.path) { return }
            }
        }
    }
}
