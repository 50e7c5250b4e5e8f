// The journal beside a session file, `.<id>.journal` (docs/JOURNAL.md): read from any offset (a torn
// last line dropped), appended with O_APPEND and one fdatasync, emptied after a fold.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a journal file holds.
struct SessionJournalContents {
    /// The complete lines that parse, in order (stale ones included: the reader compares bases).
    var lines: [SessionJournalLine] = []
    /// Complete lines read, parsed or not.
    var lineCount = 0
    /// The offset just after the last complete line: what a writer keeps (a torn tail is cut off).
    var validBytes = 0
    /// The file's size when read.
    var size = 0
}

/// Reads and appends session journals.
enum SessionJournal {
    /// A journal is folded into its session file once it holds this many lines...
    static let maximumLines = 256
    /// ... or this many bytes.
    static let maximumBytes = 1 << 20

    /// The journal's file name for session file `file` (`X.json` → `.X.journal`).
    static func fileName(for file: String) -> String {
        "." + (file.hasSuffix(".json") ? String(file.dropLast(5)) : file) + ".journal"
    }

    /// The journal's size, or nil when there is none.
    static func size(_ path: String) -> Int? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// The lines of the journal at `path` from byte `offset` (the end of a complete line), or nil when
    /// there is no journal. A last line without its `\n` (a writer killed mid-append) is left out.
    /// - Throws: `StorageError` when it exists but cannot be read (or is not a regular file).
    static func read(_ path: String, from offset: Int = 0) throws -> SessionJournalContents? {
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
                if let line = try? SessionFileReader.journalLine(from: UnsafeRawBufferPointer(rebasing: raw[start..<end])) {
                    contents.lines.append(line)
                }
                contents.lineCount += 1
                start = end + 1
            }
            contents.validBytes = offset + start
        }
        return contents
    }

    /// Applies the lines of `lines` written against `stamp` to `session`, in order; others are stale.
    static func apply(_ lines: [SessionJournalLine], over stamp: SessionFileStamp, to session: inout ChatSession) {
        for line in lines where line.base == stamp {
            for edit in line.edits { edit.apply(to: &session) }
        }
    }

    /// Appends `bytes` (whole lines) to the journal at `path`. A journal longer than `keeping` bytes
    /// (a torn tail, or stale lines when 0) is cut to it first. Called under the directory lock.
    /// - Returns: what makes the lines durable (`fdatasync`, and the directory's fsync for a journal
    ///   this append created); the caller runs it, at once or while it waits for something else.
    /// - Throws: `StorageError`.
    static func append(_ bytes: [UInt8], to path: String, keeping: Int) throws -> SessionJournalSync {
        // Opened without O_CREAT first: an existing journal (the usual case) needs no stat to tell.
        let flags = O_WRONLY | O_APPEND | O_NOFOLLOW | O_NONBLOCK
        let existing = try PosixFile.openingIfPresent(path, flags: flags)
        let file = try existing ?? PosixFile.opening(path, flags: flags | O_CREAT, mode: 0o600)
        do {
            let status = try file.status()
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw StorageError.malformedFile(path: path, reason: "not a regular file")
            }
            if Int(status.st_size) > keeping, ftruncate(file.descriptor, off_t(keeping)) != 0 {
                throw StorageError.posix("truncate", path: path, code: errno)
            }
            try file.writeAll(bytes)
        } catch {
            file.closeFile()
            throw error
        }
        return SessionJournalSync(file: file, syncsDirectory: existing == nil)
    }

    /// Creates the journal at `path`, empty, before its session file is written (whose directory
    /// fsync then makes the journal's entry durable: its first append need not sync the directory).
    /// A failure is left to that append, which creates the journal and syncs the directory itself.
    static func create(_ path: String) {
        guard let file = try? PosixFile.opening(path, flags: O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK) else { return }
        file.closeFile()
    }

    /// Empties the journal at `path` after a fold (its lines are in the new file, and stale anyway).
    static func empty(_ path: String) {
        guard let file = try? PosixFile.opening(path, flags: O_WRONLY | O_NOFOLLOW | O_NONBLOCK) else { return }
        defer { file.closeFile() }
        _ = ftruncate(file.descriptor, 0)
    }
}

/// Lines appended to a journal but not yet known to be on disk: ``run()`` waits until they are
/// (`fdatasync`, plus the directory's fsync when the append created the journal) and closes the
/// file. Run exactly once. A crash of Lyra meanwhile loses nothing (the lines are in the file); only
/// a crash of the machine could.
struct SessionJournalSync: Sendable {
    /// The journal, open for writing.
    let file: PosixFile
    /// Whether the journal's directory entry is new and must be synced too.
    let syncsDirectory: Bool

    /// Closes the journal without syncing (an fdatasync that started after the append covered it).
    func close() {
        file.closeFile()
    }

    /// Makes the appended lines durable and closes the journal.
    /// - Throws: `StorageError` when the system reports that they may not be on disk.
    func run() throws {
        defer { file.closeFile() }
        try syncKeepingOpen(directoryToo: syncsDirectory)
    }

    /// Makes every line appended to the journal so far durable (`fdatasync`), and its directory
    /// entry with `directoryToo`; the file stays open.
    /// - Throws: `StorageError` when the system reports that they may not be on disk.
    func syncKeepingOpen(directoryToo: Bool) throws {
        if fdatasync(file.descriptor) != 0 { throw StorageError.posix("fdatasync", path: file.path, code: errno) }
        if directoryToo { try AtomicFile.syncDirectory((file.path as NSString).deletingLastPathComponent) }
    }
}
