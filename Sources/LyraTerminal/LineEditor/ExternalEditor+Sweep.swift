// Editor files a killed Lyra left behind (SIGKILL while the editor is open runs no clean-up, and the
// file holds what the user composed): swept at the next `/edit` and at REPL start when their process
// is gone, or, for names without a process id (older builds), when untouched for a day. Only our
// own regular files, never through a symlink.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension ExternalEditor {
    /// The start of every editor file's name: `lyra-edit-PID-XXXXXX.md`.
    static let filePrefix = "lyra-edit-"
    /// How long an editor file without a process id in its name is kept.
    static let unownedLifetime: TimeInterval = 86_400

    /// Removes the stale editor files in the temporary directory; anything it cannot judge is left alone.
    public func sweepStaleFiles(now: Date = Date()) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: temporaryDirectory) else { return }
        for name in names where name.hasPrefix(Self.filePrefix) && name.hasSuffix(".md") {
            let path = temporaryDirectory + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == getuid(),
                  Self.isStale(name: name, modified: Double(status.st_mtim.tv_sec), now: now) else { continue }
            unlink(path)
        }
    }

    /// Whether the editor file `name` belongs to no running Lyra: its process id names a process that
    /// no longer exists, or it has none and was last modified over a day ago.
    static func isStale(name: String, modified: TimeInterval, now: Date) -> Bool {
        let rest = name.dropFirst(filePrefix.count).dropLast(".md".count)
            .split(separator: "-", omittingEmptySubsequences: false)
        guard rest.count == 2, let pid = pid_t(rest[0]), pid > 0 else {
            return now.timeIntervalSince1970 - modified > unownedLifetime
        }
        return pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
    }
}
