// Crash-safe file replacement: write a temporary file beside the target, fsync it, rename it
// over the target, then fsync the directory so the rename itself survives a crash.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole files atomically: a reader sees the old content or the new, never a mix.
public enum AtomicFile {
    /// Replaces the file at `url` with `data`, giving it exactly `mode` (not reduced by the umask).
    /// The parent directory must exist. `syncingDirectory` false leaves the rename to a directory
    /// fsync the caller does next anyway (another write to the same directory).
    /// - Throws: `StorageError` naming the path and the system's reason.
    public static func write(_ data: some ContiguousBytes, to url: URL, mode: mode_t = 0o600,
                             syncingDirectory: Bool = true) throws {
        try write(to: url, mode: mode, syncingDirectory: syncingDirectory) { file in try file.writeAll(data) }
    }

    /// Replaces the file at `url` with what `produce` writes into the temporary file (in pieces,
    /// so a large file never needs to be held whole); when `produce` throws, nothing is replaced.
    /// - Throws: `StorageError`, or what `produce` throws.
    static func write(to url: URL, mode: mode_t = 0o600, syncingDirectory: Bool = true,
                      _ produce: (PosixFile) throws -> Void) throws {
        let target = url.standardizedFileURL.path
        let directory = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let temporary = directory + "/.\(name).tmp-\(UInt32.random(in: 0 ... .max))"
        let file = try PosixFile.opening(temporary, flags: O_WRONLY | O_CREAT | O_EXCL, mode: mode)
        do {
            defer { file.closeFile() }
            try file.setMode(mode)
            try produce(file)
            try file.sync()
        } catch {
            unlink(temporary)
            throw error
        }
        if rename(temporary, target) != 0 {
            let code = errno
            unlink(temporary)
            throw StorageError.posix("replace", path: target, code: code)
        }
        if syncingDirectory { try syncDirectory(directory.isEmpty ? "/" : directory) }
    }

    /// Reads the file at `url` (at most 16 MiB), or returns nil when it does not exist. Only a
    /// regular file is read: a FIFO or a device in its place is refused without blocking.
    /// - Throws: `StorageError` for any other failure (`not a regular file`, too large, unreadable).
    public static func readIfPresent(_ url: URL) throws -> Data? {
        let path = url.standardizedFileURL.path
        guard let file = try PosixFile.openingRegularFile(path) else { return nil }
        defer { file.closeFile() }
        return try file.readToEnd()
    }

    /// Flushes the directory entry changes of `path` (a directory) to disk.
    static func syncDirectory(_ path: String) throws(StorageError) {
        let directory = try PosixFile.opening(path, flags: O_RDONLY | O_DIRECTORY)
        defer { directory.closeFile() }
        try directory.sync()
    }
}
