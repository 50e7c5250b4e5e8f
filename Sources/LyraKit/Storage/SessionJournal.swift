// The journal beside a session file, `.<id>.journal` (docs/JOURNAL.md): read from any offset (a torn
// last line dropped), appended with O_APPEND and made durable with one fdatasync, emptied after a
// fold. What cannot be applied is kept aside in `.<id>.journal.unapplied-…`, never deleted.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a journal file holds.
struct SessionJournalContents {
    /// The complete lines that parse, in order.
    var lines: [SessionJournalLine] = []
    /// Complete lines that do not parse (damaged, or of another format), with their `\n`: kept
    /// aside at the next fold.
    var unreadable: [[UInt8]] = []
    /// The offset just after the last complete line: what a writer keeps (a torn tail is cut off).
    var validBytes = 0
    /// The file's size when read.
    var size = 0

    /// Complete lines read, parsed or not.
    var lineCount: Int { lines.count + unreadable.count }
}

/// Reads and appends session journals.
enum SessionJournal {
    /// A journal is folded into its session file once it holds this many lines...
    static let maximumLines = 256
    /// ... or this many bytes.
    static let maximumBytes = 1 << 20

    /// A journal path that names something other than a journal Lyra can use (a FIFO, a directory,
    /// a link, a file too large to be one): the session opens from its file alone.
    struct OddFile: Error, Equatable {
        /// Why the journal is not used.
        let reason: String
    }

    /// The journal's file name for session file `file` (`X.json` → `.X.journal`).
    static func fileName(for file: String) -> String {
        "." + (file.hasSuffix(".json") ? String(file.dropLast(5)) : file) + ".journal"
    }

    /// The journal's size, or nil when there is none (or it is not a regular file).
    static func size(_ path: String) -> Int? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// Why the journal at `path` cannot be used, or nil when it is a regular file of a journal's size
    /// or there is none.
    static func oddity(_ path: String) -> OddFile? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard Int(info.st_size) <= SessionFileLimits.maximumFileBytes else {
                return OddFile(reason: "it is larger than \(SessionFileLimits.maximumFileBytes >> 20) MiB")
            }
            return nil
        case S_IFLNK: return OddFile(reason: "it is a symbolic link")
        case S_IFDIR: return OddFile(reason: "it is a directory")
        default: return OddFile(reason: "it is not a regular file")
        }
    }

    /// The lines of the journal at `path` from byte `offset` (the end of a complete line), or nil when
    /// there is no journal. A last line without its `\n` (a writer killed mid-append) is left out.
    /// - Throws: ``OddFile`` when the path is no usable journal, `StorageError` when it cannot be read.
    static func read(_ path: String, from offset: Int = 0) throws -> SessionJournalContents? {
        if let odd = oddity(path) { throw odd }
        guard let file = try PosixFile.openingRegularFile(path, followingLinks: false) else { return nil }
        defer { file.closeFile() }
        let size = Int(try file.status().st_size)
        var contents = SessionJournalContents(validBytes: offset, size: size)
        guard size > offset else { return contents }
        guard lseek(file.descriptor, off_t(offset), SEEK_SET) == off_t(offset) else {
            throw StorageError.posix("seek", path: path, code: errno)
        }
        let data = try file.readToEnd(limit: SessionFileLimits.maximumFileBytes)
        contents.size = offset + data.count
        data.withUnsafeBytes { raw in
            var start = 0
            while let end = raw[start...].firstIndex(of: 0x0A) {
                let bytes = UnsafeRawBufferPointer(rebasing: raw[start..<end])
                if let line = try? SessionFileReader.journalLine(from: bytes) {
                    contents.lines.append(line)
                } else if !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) {
                    contents.unreadable.append(Array(raw[start...end]))
                }
                start = end + 1
            }
            contents.validBytes = offset + start
        }
        return contents
    }

    /// Appends `bytes` (whole lines) to the journal at `path` and makes them durable: `fdatasync`
    /// through `sync`, and the directory's fsync when this append created the journal. A journal
    /// longer than `keeping` bytes (a torn tail) is cut to it first. Called under the directory lock.
    /// - Throws: `StorageError`; when the fdatasync fails the lines may not be on disk.
    static func append(_ bytes: [UInt8], to path: String, keeping: Int, sync: SessionFileSync) throws {
        // Opened without O_CREAT first: an existing journal (the usual case) needs no stat to tell.
        let flags = O_WRONLY | O_APPEND | O_NOFOLLOW | O_NONBLOCK
        let existing = try PosixFile.openingIfPresent(path, flags: flags)
        let file = try existing ?? PosixFile.opening(path, flags: flags | O_CREAT, mode: 0o600)
        defer { file.closeFile() }
        let status = try file.status()
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw StorageError.malformedFile(path: path, reason: "not a regular file")
        }
        if Int(status.st_size) > keeping, ftruncate(file.descriptor, off_t(keeping)) != 0 {
            throw StorageError.posix("truncate", path: path, code: errno)
        }
        try file.writeAll(bytes)
        try sync.data(of: file)
        if existing == nil { try AtomicFile.syncDirectory((path as NSString).deletingLastPathComponent) }
    }

    /// Empties the journal at `path` after a fold (its lines are in the new file).
    static func empty(_ path: String) {
        guard let file = try? PosixFile.opening(path, flags: O_WRONLY | O_NOFOLLOW | O_NONBLOCK) else { return }
        defer { file.closeFile() }
        _ = ftruncate(file.descriptor, 0)
    }

    /// Moves the odd journal at `path` aside (renamed, never deleted) so that a new one can be made.
    /// - Returns: where it went, or nil when it could not be moved.
    static func moveAside(_ path: String) -> String? {
        let aside = unappliedPath(for: path)
        return rename(path, aside) == 0 ? aside : nil
    }

    /// Writes `lines` that could not be applied to a new file beside the journal at `path` (mode 0600).
    /// - Returns: the file's path.
    /// - Throws: `StorageError` when it cannot be written (the journal is then left as it is).
    static func keepAside(_ lines: [[UInt8]], of path: String, sync: SessionFileSync) throws -> String {
        let aside = unappliedPath(for: path)
        let file = try PosixFile.opening(aside, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600)
        defer { file.closeFile() }
        try file.writeAll(lines.flatMap { $0 })
        try sync.data(of: file)
        return aside
    }

    /// `PATH.unapplied-<UTC time>-<pid>`: a name no other file has.
    private static func unappliedPath(for path: String) -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        let stamp = String(format: "%04d%02d%02dT%02d%02d%02dZ", parts.tm_year + 1900, parts.tm_mon + 1,
                           parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec)
        var candidate = "\(path).unapplied-\(stamp)-\(getpid())"
        var number = 1
        while access(candidate, F_OK) == 0 || errno != ENOENT {
            number += 1
            candidate = "\(path).unapplied-\(stamp)-\(getpid())-\(number)"
            if number > 1000 { break }
        }
        return candidate
    }
}

/// How the store makes written bytes durable: `fdatasync` (tests inject a failure).
public struct SessionFileSync: Sendable {
    private let syncData: @Sendable (Int32) -> Int32

    /// Syncs with `syncData`, which returns 0 or -1 with `errno` set, as `fdatasync` does.
    public init(syncData: @escaping @Sendable (Int32) -> Int32) {
        self.syncData = syncData
    }

    /// The system's `fdatasync`.
    public static let system = SessionFileSync { fdatasync($0) }

    /// Makes the written data of `file` durable.
    /// - Throws: `StorageError` when the system says it may not be on disk.
    func data(of file: PosixFile) throws {
        if syncData(file.descriptor) != 0 { throw StorageError.posix("fdatasync", path: file.path, code: errno) }
    }
}
