// Lists the session files of a directory with what is needed to tell whether the index cache is
// still right about them: name, inode, modification time (ns) and size. One pass of readdir with one
// fstatat per `*.json` name (or the `fstat` of a search that opens each file anyway).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a sessions directory holds.
struct SessionDirectoryContents {
    /// The session files (`*.json`, not hidden), in directory order, with their stamps.
    var files: [(name: String, stamp: SessionFileStamp)] = []
    /// Temporary files of session and index writes (`.<name>.json.tmp-…`, `..index.tsv.tmp-…`);
    /// stale when seen under the lock.
    var leftovers: [String] = []
    /// The session files (`X.json`) whose journal (`.X.journal`) is a non-empty regular file.
    var journaled: Set<String> = []
}

/// Reads the entries of a sessions directory.
enum SessionDirectoryScanner {
    /// The `*.json` files of `directory` that are not hidden (the index, the lock and temporary
    /// files start with a dot), with their stamps, and the temporary files of session writes.
    /// Names that are not valid UTF-8 are skipped (they could not be opened again by their `String`).
    /// An absent directory has no files. `stamping` gives the stamp of the file called `name` in the
    /// open directory, nil when it is not a regular file (``stamp(of:in:)`` unless a caller reads
    /// each file as it is listed: `/sessions search` takes it from the `fstat` of its own open).
    /// - Throws: `StorageError` when the directory exists but cannot be read.
    static func scan(_ directory: String, stamping: (_ name: String, _ directory: Int32) -> SessionFileStamp? = stamp)
        throws -> SessionDirectoryContents {
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
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(validatingCString: $0) }
            }
            guard let name else { continue }
            if name.hasPrefix(".") {
                if name.contains(".json.tmp-") || name.contains(".tsv.tmp-") { contents.leftovers.append(name) }
                if name.hasSuffix(".journal") { journals.append(name) }
            } else if name.hasSuffix(".json"), let stamp = stamping(name, descriptor) {
                contents.files.append((name, stamp))
            }
        }
        for journal in journals { include(journal, in: &contents, directory: descriptor) }
        return contents
    }

    /// The stamp of the regular file (or link to one) called `name` in `directory`; nil for anything else.
    static func stamp(of name: String, in directory: Int32) -> SessionFileStamp? {
        var info = stat()
        guard fstatat(directory, name, &info, 0) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return SessionFileStamp(info)
    }

    /// Folds the size and time of a non-empty journal `.X.journal` into the stamp of `X.json`, so
    /// that the index sees every append (a journal only grows until a fold, which replaces the file).
    /// Journals are few (sessions in use or left by a crash), so the file is found by a linear search.
    private static func include(_ journal: String, in contents: inout SessionDirectoryContents, directory: Int32) {
        let file = String(journal.dropFirst().dropLast(".journal".count)) + ".json"
        var info = stat()
        guard let index = contents.files.firstIndex(where: { $0.name.utf8.elementsEqual(file.utf8) }),
              fstatat(directory, journal, &info, AT_SYMLINK_NOFOLLOW) == 0,
              info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return }
        let own = SessionFileStamp(info)
        contents.files[index].stamp.size += own.size
        contents.files[index].stamp.modified = max(contents.files[index].stamp.modified, own.modified)
        contents.journaled.insert(file)
    }
}
