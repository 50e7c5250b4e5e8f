// Lists the session files of a directory with what is needed to tell whether the index cache is
// still right about them: name, inode, modification time (ns) and size. One readdir, one stat each.
import Foundation
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
}

/// What a sessions directory holds.
struct SessionDirectoryContents {
    /// The session files (`*.json`, not hidden) and their stamps.
    var files: [String: SessionFileStamp] = [:]
    /// Temporary files of session and index writes (`.<name>.json.tmp-…`, `..index.tsv.tmp-…`);
    /// stale when seen under the lock.
    var leftovers: [String] = []
}

/// Reads the entries of a sessions directory.
enum SessionDirectoryScanner {
    /// The `*.json` files of `directory` that are not hidden (the index, the lock and temporary
    /// files start with a dot), with their stamps, and the temporary files of session writes.
    /// An absent directory has no files.
    /// - Throws: `StorageError` when the directory exists but cannot be read.
    static func scan(_ directory: String) throws -> SessionDirectoryContents {
        guard let handle = opendir(directory) else {
            let code = errno
            if code == ENOENT { return SessionDirectoryContents() }
            throw StorageError.posix("read directory", path: directory, code: code)
        }
        defer { closedir(handle) }
        let descriptor = dirfd(handle)
        var contents = SessionDirectoryContents()
        var journals: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name.hasPrefix(".") {
                if name.contains(".json.tmp-") || name.contains(".tsv.tmp-") { contents.leftovers.append(name) }
                if name.hasSuffix(".journal") { journals.append(name) }
                continue
            }
            guard name.hasSuffix(".json") else { continue }
            var info = stat()
            guard fstatat(descriptor, name, &info, 0) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            contents.files[name] = stamp(of: info)
        }
        for journal in journals { include(journal, in: &contents, directory: descriptor) }
        return contents
    }

    /// Folds the size and time of a non-empty journal `.X.journal` into the stamp of `X.json`, so
    /// that the index sees every append (a journal only grows until a fold, which replaces the file).
    private static func include(_ journal: String, in contents: inout SessionDirectoryContents, directory: Int32) {
        let file = String(journal.dropFirst().dropLast(".journal".count)) + ".json"
        var info = stat()
        guard var combined = contents.files[file], fstatat(directory, journal, &info, AT_SYMLINK_NOFOLLOW) == 0,
              info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return }
        let own = stamp(of: info)
        combined.size += own.size
        combined.modified = max(combined.modified, own.modified)
        contents.files[file] = combined
    }

    /// The stamp of a file's `stat`.
    static func stamp(of info: stat) -> SessionFileStamp {
        #if canImport(Darwin)
        let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        return SessionFileStamp(inode: UInt64(info.st_ino), modified: modified, size: Int64(info.st_size))
    }
}
