// The inter-process lock of the sessions directory: `flock` on `<sessions>/.lock`, held around
// every read-modify-write of a session file so two lyra processes never lose each other's messages.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The open lock file of a sessions directory, shared by every process using it.
///
/// The lock file is never renamed or removed, so every process locks the same inode (a session file
/// itself is replaced by rename on each write and could not carry the lock). A store keeps it open
/// for the process and locks and unlocks the same descriptor for each change; it is opened again
/// (and the directory checked again) when the path no longer names the file it holds, e.g. when the
/// directory was removed. The kernel releases the lock when the holder exits, even on SIGKILL.
struct SessionDirectoryLock: Sendable {
    /// The lock file's name inside the sessions directory.
    static let fileName = ".lock"

    /// The open lock file.
    let file: PosixFile
    /// Its device and inode when opened.
    private let device: UInt64
    private let inode: UInt64

    /// Opens the lock file of `directory` (created with the directory when missing; a world-writable
    /// or foreign directory is refused).
    /// - Throws: `StorageError` when the directory or the lock file cannot be used.
    static func open(in directory: URL) throws -> SessionDirectoryLock {
        try XDGDirectories.ensureDirectory(directory)
        // O_NOFOLLOW and O_NONBLOCK: a symlink or FIFO planted at `.lock` is refused, never followed or waited on.
        let file = try PosixFile.opening(directory.path + "/" + fileName,
                                         flags: O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK, mode: 0o600)
        do {
            let status = try file.status()
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw StorageError.malformedFile(path: file.path, reason: "not a regular file")
            }
            return SessionDirectoryLock(file: file, device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        } catch {
            file.closeFile()
            throw error
        }
    }

    /// Whether the lock file's path still names the file held open (one `lstat`).
    var isCurrent: Bool {
        var info = stat()
        return lstat(file.path, &info) == 0 && UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
    }

    /// Runs `body` while holding the lock.
    /// - Throws: `StorageError` when the file cannot be locked, or what `body` throws.
    func withLock<T>(_ body: () throws -> T) throws -> T {
        while flock(file.descriptor, LOCK_EX) != 0 {
            let code = errno
            if code != EINTR { throw StorageError.posix("lock", path: file.path, code: code) }
        }
        defer { flock(file.descriptor, LOCK_UN) }
        return try body()
    }
}
