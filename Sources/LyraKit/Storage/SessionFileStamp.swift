// A session file's identity on disk for the listing cache: the one place that computes a stamp
// from a file's `stat` (extend it here when more than the JSON file decides a session's content).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A session file's identity on disk: it changes whenever the file is replaced or modified.
struct SessionFileStamp: Codable, Equatable, Sendable {
    /// The inode (a rename-based write always makes a new one).
    var inode: UInt64
    /// The modification time in nanoseconds since 1970.
    var modified: Int64
    /// The size in bytes.
    var size: Int64

    /// A stamp from its parts (as stored in the index).
    init(inode: UInt64, modified: Int64, size: Int64) {
        self.inode = inode
        self.modified = modified
        self.size = size
    }

    /// The stamp of a file's `stat`.
    init(_ info: stat) {
        #if canImport(Darwin)
        let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        self.init(inode: UInt64(info.st_ino), modified: modified, size: Int64(info.st_size))
    }
}
