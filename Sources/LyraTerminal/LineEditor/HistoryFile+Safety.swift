// The history file is handed to libedit only when it is a regular file of bounded size, never
// through a symlink and never a FIFO (which would hang the open): checked with lstat at start,
// loaded through a descriptor opened O_NOFOLLOW | O_NONBLOCK, saved by atomic rename (issue 16).
import CLineEdit
import Foundation
import LyraKit

extension HistoryFile {
    /// The largest history file loaded: 1000 entries of long pasted lines fit many times over.
    static let maximumBytes = 64 << 20

    /// Why the file at `path` must not be used, nil when it is missing or a regular file of at most
    /// ``maximumBytes``. Looks at the path itself (`lstat`): a symlink is refused, not followed.
    static func refusal(of path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            let code = errno
            return code == ENOENT ? nil : "cannot be read: \(String(cString: strerror(code)))"
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            return status.st_size > maximumBytes ? "is larger than \(maximumBytes >> 20) MiB" : nil
        case S_IFLNK: return "is a symbolic link"
        case S_IFIFO: return "is a FIFO"
        case S_IFDIR: return "is a directory"
        default: return "is not a regular file"
        }
    }

    /// This history, or one kept only in memory, after telling `warn` why, when the file is a
    /// symlink, a FIFO, a device, a directory or too large.
    public func refusingUnsafeFile(warn: (String) -> Void) -> HistoryFile {
        guard let path, let reason = Self.refusal(of: path) else { return self }
        warn("lyra: warning: the history file \(TextSanitizer.singleLine(path)) \(reason): "
            + "history is not loaded or saved in this session\n")
        return HistoryFile(path: nil, maxEntries: maxEntries)
    }

    /// Loads the file into libedit (call on the editor thread) through a descriptor that was opened
    /// without following a symlink or blocking on a FIFO, and is a regular file of bounded size.
    func load() {
        guard let path else { return }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              status.st_size <= Self.maximumBytes else { return }
        // libedit opens the file by name: the descriptor's own name opens exactly this file.
        let ownName = "/proc/self/fd/\(descriptor)"
        _ = cle_history_load(access(ownName, F_OK) == 0 ? ownName : path)
    }

    /// Writes the in-memory history to the file atomically, mode 0600 (call on the editor thread):
    /// a symlink or FIFO put in its place meanwhile is replaced, never followed.
    func save() {
        guard let path else { return }
        let url = URL(fileURLWithPath: path)
        try? XDGDirectories.ensureDirectory(url.deletingLastPathComponent())
        var count = 0
        guard let bytes = cle_history_serialize(&count) else { return }
        defer { free(bytes) }
        try? AtomicFile.write(Data(bytes: bytes, count: count), to: url, mode: 0o600)
    }
}
