// The inter-process lock of the sessions directory: `flock` on `<sessions>/.lock`, held around
// every read-modify-write of a session file so two lyra processes never lose each other's messages.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive lock on a sessions directory, shared by every process using it.
///
/// The lock file is never renamed or removed, so every process locks the same inode (a session file
/// itself is replaced by rename on each write and could not carry the lock). The kernel releases the
/// lock when the holder exits, even on SIGKILL.
enum SessionDirectoryLock {
    /// The lock file's name inside the sessions directory.
    static let fileName = ".lock"

    /// Runs `body` while holding the lock of `directory` (which must exist).
    /// - Throws: `StorageError` when the lock file cannot be opened or locked, or what `body` throws.
    static func withLock<T>(in directory: String, _ body: () throws -> T) throws -> T {
        // O_NOFOLLOW and O_NONBLOCK: a symlink or FIFO planted at `.lock` is refused, never followed or waited on.
        let file = try PosixFile.opening(directory + "/" + fileName, flags: O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK,
                                         mode: 0o600)
        defer { file.closeFile() }
        guard try file.status().st_mode & S_IFMT == S_IFREG else {
            throw StorageError.malformedFile(path: file.path, reason: "not a regular file")
        }
        while flock(file.descriptor, LOCK_EX) != 0 {
            let code = errno
            if code != EINTR { throw StorageError.posix("lock", path: file.path, code: code) }
        }
        return try body()
    }
}
