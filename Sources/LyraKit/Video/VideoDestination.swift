// Where a finished video is saved: `lyra-<id>.<ext>` in a directory, or a path the user gave.
// Only the sanitized id comes from the server; a name that exists gets `-1`, `-2`… and is never replaced.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The place a video will be saved.
public enum VideoDestination: Sendable, Equatable {
    /// `lyra-<video_id>.<ext>` inside this directory, the extension from the video's content.
    case directory(URL)
    /// Exactly this file (with a `-N` suffix when it exists).
    case file(URL)

    /// The most `-N` suffixes tried before giving up.
    static let maximumSuffix = 9999

    /// The destination for `--out PATH` (nil: the video directory). A PATH that is an existing
    /// directory or ends in `/` is a directory; anything else is a file path.
    public static func resolve(out: String?, videoDirectory: URL) -> VideoDestination {
        guard let out, !out.isEmpty else { return .directory(videoDirectory.standardizedFileURL) }
        let url = URL(filePath: out).standardizedFileURL
        var isDirectory: ObjCBool = false
        if out.hasSuffix("/") || (FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            return .directory(url)
        }
        return .file(url)
    }

    /// The directory the file goes into.
    public var directory: URL {
        switch self {
        case let .directory(url): return url
        case let .file(url): return url.deletingLastPathComponent()
        }
    }

    /// Checks, before any upload, that the directory exists and is writable; it is never created.
    /// - Throws: `VideoError.unusableOutput` naming the directory.
    public func prepare() throws(VideoError) {
        let path = directory.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unusableOutput(path, reason: "no such directory")
        }
        guard isDirectory.boolValue else {
            throw .unusableOutput(path, reason: "not a directory")
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw .unusableOutput(path, reason: String(cString: strerror(errno)))
        }
    }

    /// The names to try, in order, for video `videoID` in format `container`: the first, then `-1`, `-2`…
    public func candidate(_ attempt: Int, videoID: String, container: VideoContainer) -> URL {
        let (stem, fileExtension): (String, String)
        switch self {
        case .directory:
            (stem, fileExtension) = ("lyra-" + ServerText.fileNameComponent(videoID), container.fileExtension)
        case let .file(url):
            (stem, fileExtension) = (url.deletingPathExtension().lastPathComponent, url.pathExtension)
        }
        let suffix = attempt == 0 ? "" : "-\(attempt)"
        let name = stem + suffix + (fileExtension.isEmpty ? "" : "." + fileExtension)
        return directory.appending(path: name, directoryHint: .notDirectory)
    }

    /// Moves `staged` (a file in `directory`) to the first free candidate name, without ever
    /// replacing an existing file: the name is taken with `link(2)`, which fails on an existing name.
    /// A file system without hard links gets the name reserved with `O_EXCL` and renamed over;
    /// `link` is preferred because ext4 flushes a file renamed over another one at once (its
    /// `auto_da_alloc`), which made saving a 90 MB video wait for the disk.
    /// - Returns: the saved file.
    /// - Throws: `VideoError.unusableOutput`.
    public func place(_ staged: URL, videoID: String) throws(VideoError) -> URL {
        try place(staged, videoID: videoID, linking: true)
    }

    /// ``place(_:videoID:)``, starting with the fallback when `linking` is false (tests).
    func place(_ staged: URL, videoID: String, linking: Bool) throws(VideoError) -> URL {
        let container = VideoContainer.sniff(fileAt: staged)
        var linking = linking
        for attempt in 0 ... Self.maximumSuffix {
            let target = candidate(attempt, videoID: videoID, container: container)
            if linking {
                if link(staged.path, target.path) == 0 {
                    unlink(staged.path)
                    return target
                }
                let code = errno
                if code == EEXIST { continue }
                guard Self.lacksHardLinks(code) else {
                    throw .unusableOutput(target.path, reason: String(cString: strerror(code)))
                }
                linking = false
            }
            if try reserveAndRename(staged, to: target) { return target }
        }
        throw .unusableOutput(directory.path, reason: "too many files with this name")
    }

    /// Whether `link(2)` failed with `code` because the file system has no hard links.
    private static func lacksHardLinks(_ code: Int32) -> Bool {
        code == EPERM || code == ENOTSUP || code == EOPNOTSUPP || code == EMLINK || code == EXDEV || code == ENOSYS
    }

    /// Reserves `target` with `O_EXCL` and renames `staged` over it; false when the name is taken.
    private func reserveAndRename(_ staged: URL, to target: URL) throws(VideoError) -> Bool {
        let fd = open(target.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if fd < 0 {
            let code = errno
            if code == EEXIST || code == EISDIR { return false }
            throw .unusableOutput(target.path, reason: String(cString: strerror(code)))
        }
        close(fd)
        guard rename(staged.path, target.path) == 0 else {
            let code = errno
            unlink(target.path)
            throw .unusableOutput(target.path, reason: String(cString: strerror(code)))
        }
        return true
    }
}
