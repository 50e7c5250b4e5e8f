// Staging directories a killed Lyra left behind (SIGKILL runs no clean-up): swept before the next
// download into the same directory when their process is gone, or, for names without a process id
// (older builds), when untouched for an hour. Only our own directories, never through a symlink.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension VideoStagingArea {
    /// The start of every staging directory's name.
    static let namePrefix = ".lyra-video-"
    /// How long a staging directory without a process id in its name is kept.
    static let unownedLifetime: TimeInterval = 3600

    /// Removes the stale staging directories in `parent`; anything it cannot judge is left alone.
    static func sweepStale(in parent: URL, now: Date = Date()) {
        let directory = parent.standardizedFileURL.path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(namePrefix) {
            let path = directory + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid(),
                  isStale(name: name, modified: Double(status.st_mtim.tv_sec), now: now) else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// Whether the staging directory `name` belongs to no running process: its process id names a
    /// process that no longer exists, or it has none and was last modified over an hour ago.
    static func isStale(name: String, modified: TimeInterval, now: Date) -> Bool {
        let rest = name.dropFirst(namePrefix.count).split(separator: "-", omittingEmptySubsequences: false)
        guard rest.count == 2, let pid = pid_t(rest[0]), pid > 0 else {
            return now.timeIntervalSince1970 - modified > unownedLifetime
        }
        return pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
    }
}
