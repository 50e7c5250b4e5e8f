// Lists the session files of a directory with what is needed to tell whether the index cache is
// still right about them: name, inode, modification time (ns) and size. One pass of readdir with one
// fstatat per `*.json` name, names kept as bytes (no String or Foundation object per entry).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        var info = stat()
        while let entry = readdir(handle) {
            withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { cName in
                    let name = UnsafeBufferPointer(start: UnsafeRawPointer(cName).assumingMemoryBound(to: UInt8.self),
                                                   count: strlen(cName))
                    if name.first == UInt8(ascii: ".") {
                        if isLeftover(name) { contents.leftovers.append(String(decoding: name, as: UTF8.self)) }
                        if hasSuffix(name, journalSuffix) { journals.append(String(decoding: name, as: UTF8.self)) }
                    } else if hasSuffix(name, jsonSuffix), isValidUTF8(name), fstatat(descriptor, cName, &info, 0) == 0,
                              info.st_mode & S_IFMT == S_IFREG {
                        contents.append(name: name, stamp: SessionFileStamp(info))
                    }
                }
            }
        }
        for journal in journals { include(journal, in: &contents, directory: descriptor) }
        return contents
    }

    /// Folds the size and time of a non-empty journal `.X.journal` into the stamp of `X.json`, so
    /// that the index sees every append (a journal only grows until a fold, which replaces the file).
    /// Journals are few (sessions in use or left by a crash), so the file is found by a linear search.
    private static func include(_ journal: String, in contents: inout SessionDirectoryContents, directory: Int32) {
        let file = Array((String(journal.dropFirst().dropLast(".journal".count)) + ".json").utf8)
        var info = stat()
        guard let index = contents.files.indices.first(where: { index in
                  contents.files[index].length == file.count && contents.withName(of: contents.files[index]) { $0.elementsEqual(file) }
              }),
              fstatat(directory, journal, &info, AT_SYMLINK_NOFOLLOW) == 0,
              info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return }
        let own = SessionFileStamp(info)
        contents.files[index].stamp.size += own.size
        contents.files[index].stamp.modified = max(contents.files[index].stamp.modified, own.modified)
    }

    private static let jsonSuffix = Array(".json".utf8)
    private static let journalSuffix = Array(".journal".utf8)
    private static let sessionTemporary = Array(".json.tmp-".utf8)
    private static let indexTemporary = Array(".tsv.tmp-".utf8)

    /// Whether a hidden name is the temporary file of a session or index write.
    private static func isLeftover(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        contains(name, sessionTemporary) || contains(name, indexTemporary)
    }

    /// Whether `name` is valid UTF-8 (other names cannot be opened again by their `String`).
    private static func isValidUTF8(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        name.allSatisfy { $0 < 0x80 } || String(validating: name, as: UTF8.self) != nil
    }

    private static func hasSuffix(_ name: UnsafeBufferPointer<UInt8>, _ suffix: [UInt8]) -> Bool {
        name.count >= suffix.count && name[(name.count - suffix.count)...].elementsEqual(suffix)
    }

    private static func contains(_ name: UnsafeBufferPointer<UInt8>, _ part: [UInt8]) -> Bool {
        guard name.count >= part.count else { return false }
        return (0...(name.count - part.count)).contains { name[$0..<($0 + part.count)].elementsEqual(part) }
    }
}
