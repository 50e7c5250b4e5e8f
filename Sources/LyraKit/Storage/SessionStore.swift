// The saved chat sessions (SPEC §3): one JSON file per session in the sessions directory, written
// atomically under an inter-process lock that re-reads the file first, listed through an index cache.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads, lists and changes the session files of one directory. Safe across processes.
public actor SessionStore {
    /// The sessions directory (`$XDG_DATA_HOME/lyra/sessions`).
    public nonisolated let directory: URL
    /// `directory`'s path, for the file paths of each save (cheaper than `URL.appending`).
    nonisolated let directoryPath: String
    /// The store's own serial executor: its blocking file work (flock, fdatasync, rename) runs on a
    /// serial queue, off the cooperative pool every task shares.
    nonisolated let executor = SessionFileExecutor(label: "lyra.session-store")
    /// How writes are made durable (tests inject a failing fdatasync).
    nonisolated let fileSync: SessionFileSync
    /// Where warnings go (an odd journal, lines kept aside): one line each, without `lyra: `.
    nonisolated let warn: @Sendable (String) -> Void
    /// The paths already warned about by ``warnOnce(_:_:)``.
    private var warnedPaths: Set<String> = []

    /// Runs the actor on ``executor``.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    /// Session id → file name, for files whose name is not `<id>.json` (written by other programs).
    private var fileNames: [String: String] = [:]
    /// The session last read or written, with the stamp of its file and how far its journal was
    /// read: while both are unchanged, reading it again returns this copy instead of decoding the file.
    var recent: RememberedSession?
    /// The directory's lock file, open while the store lives (see `SessionStore+Lock.swift`).
    var lockFile: SessionDirectoryLock?

    /// A store over `directory`; nothing is read or created until it is used.
    /// - Parameters:
    ///   - fileSync: how writes are made durable (the system's `fdatasync` unless a test says otherwise).
    ///   - warn: where warnings about the files go (the terminal prints them on stderr).
    public init(directory: URL, fileSync: SessionFileSync = .system, warn: @escaping @Sendable (String) -> Void = { _ in }) {
        self.fileSync = fileSync
        self.warn = warn
        self.directory = directory.standardizedFileURL
        self.directoryPath = self.directory.path
    }

    /// Warns about `path` once for the life of the store.
    func warnOnce(_ path: String, _ message: String) {
        guard warnedPaths.insert(path).inserted else { return }
        warn(message)
    }

    deinit {
        lockFile?.file.closeFile()
    }

    // MARK: - Listing

    /// Every session, most recently updated first, plus the files that are not valid sessions.
    ///
    /// Summaries come from the index cache `.index.tsv` for each file whose inode, modification
    /// time and size are unchanged; other files are read. The index is rewritten when it changed.
    /// Temporary files left by writers that were killed are removed (under the lock).
    /// - Throws: `StorageError` when the directory cannot be read.
    public func list() throws -> SessionListing {
        listing(from: try numberedEntries())
    }

    /// Every entry with the number it is listed under (``numbered(_:)``); the index is rewritten
    /// when it changed.
    func numberedEntries() throws -> [SessionIndexEntry] {
        try numberedScan().entries
    }

    /// ``numberedEntries()`` and the session files that had a non-empty journal when the directory
    /// was read (`/sessions search` reads those whole, the others alone); `stamping` as in
    /// ``SessionDirectoryScanner/scan(_:stamping:)``.
    func numberedScan(stamping: (_ name: String, _ directory: Int32) -> SessionFileStamp? = SessionDirectoryScanner.stamp)
        throws -> (entries: [SessionIndexEntry], journaled: Set<String>) {
        let scan = try scanned(locked: false, stamping: stamping)
        if scan.changed { writeIndex(scan.entries) }
        return (try numbered(scan.entries), scan.journaled)
    }

    /// The index entries of every session file, from the cache where it is still right; `changed`
    /// when the index must be rewritten; `journaled`: the files with a non-empty journal. `locked`:
    /// the caller holds the directory lock (then leftovers are not removed).
    func scanned(locked: Bool,
                 stamping: (_ name: String, _ directory: Int32) -> SessionFileStamp? = SessionDirectoryScanner.stamp)
        throws -> (entries: [SessionIndexEntry], changed: Bool, journaled: Set<String>) {
        let contents = try SessionDirectoryScanner.scan(directory.path, stamping: stamping)
        if !contents.leftovers.isEmpty && !locked { removeLeftovers() }
        let cached = contents.files.isEmpty ? SessionIndexTable() : SessionIndex.read(in: directory)
        var entries: [SessionIndexEntry] = []
        entries.reserveCapacity(contents.files.count)
        var changed = cached.count != contents.files.count
        for file in contents.files {
            if let entry = cached.entry(named: file.name, stamp: file.stamp) {
                entries.append(entry)
            } else {
                if let entry = freshEntry(file: file.name, stamp: file.stamp) { entries.append(entry) }
                changed = true
            }
        }
        return (entries, changed && !contents.files.isEmpty, contents.journaled)
    }

    /// Rewrites the index (under the lock, so that a leftover cleanup never removes an index write in progress).
    func writeIndex(_ entries: [SessionIndexEntry]) {
        try? withDirectoryLock {
            SessionIndex.write(entries, in: directory)
        }
    }

    /// The session `reference` names: a number from the list, an id or unique id prefix, or an exact title.
    /// - Throws: `SessionError.notFound` / `.ambiguous`, or `StorageError`.
    public func resolve(_ reference: String) throws -> SessionSummary {
        try SessionReference.resolve(reference, in: list().sessions)
    }

    /// The most recently updated session, or nil when there is none.
    ///
    /// When the most recently modified session file is damaged, that is reported instead of
    /// silently answering with an older session (`--continue` must not pick another one).
    /// - Throws: `SessionError.damagedFile` for that file, or `StorageError` when the directory cannot be read.
    public func mostRecent() throws -> SessionSummary? {
        let all = try numberedEntries()
        let found = listing(from: all)
        let damaged = all.filter { $0.problem != nil }.max { $0.stamp.modified < $1.stamp.modified }
        if let damaged {
            let newest = found.sessions.first.flatMap { first in all.first { $0.file == first.fileName } }
            if newest.map({ $0.stamp.modified <= damaged.stamp.modified }) ?? true {
                throw SessionError.damagedFile(path: directory.appending(path: damaged.file).path,
                                               reason: damaged.problem ?? "unreadable")
            }
        }
        return found.sessions.first
    }

    // MARK: - Reading and writing

    /// The session with `id`.
    /// - Throws: `SessionError.notFound`, `.damagedFile`, or `StorageError`.
    public func load(id: String) throws -> ChatSession {
        let file = try fileName(for: id)
        guard var session = try readSession(file) else { throw SessionError.notFound(reference: id) }
        if let number = SessionNumberFile.read(in: directory)?.byFile[file] { session.number = number }
        return session
    }

    /// Applies `change` to the stored session `base.id` and saves it, all under the directory lock.
    ///
    /// The file is re-read under the lock, so changes by other processes are kept; when there is
    /// no file yet (a new session, or one deleted meanwhile), `change` applies to `base`, which gets
    /// the next session number unless it has one. A damaged file is reported and never overwritten.
    /// - Returns: the session as saved.
    /// - Throws: `SessionError.damagedFile`, `StorageError`, or what `change` throws (nothing is written then).
    public func update(_ base: ChatSession, _ change: @Sendable (inout ChatSession) throws -> Void)
        throws -> ChatSession {
        let lock = try heldLock()
        let file = try fileName(for: base.id)
        return try lock.withLock { try saveWhole(base, in: file, change) }
    }

    /// Applies `change` to the stored session in `file` (or to `base` when there is none) and writes
    /// the whole file, folding the journal into it (then emptied). Called under the directory lock.
    func saveWhole(_ base: ChatSession, in file: String, _ change: (inout ChatSession) throws -> Void)
        throws -> ChatSession {
        var session: ChatSession
        if let stored = try readSession(file) {
            session = stored
            if let number = SessionNumberFile.read(in: directory)?.byFile[file] { session.number = number }
        } else {
            session = base
            try giveNumber(to: &session, file: file)
        }
        try change(&session)
        return try writeWhole(session, to: file, keepingAside: recent?.file == file ? recent?.unreadable ?? [] : [])
    }

    /// Writes `session` whole to `file`, keeps the journal's `unreadable` lines aside, empties the
    /// journal and remembers the session. Under the directory lock. Messages taken back with `/undo`
    /// are kept only until this rewrite (SPEC §15): they are left out.
    /// - Returns: the session as written.
    @discardableResult
    func writeWhole(_ session: ChatSession, to file: String, keepingAside unreadable: [[UInt8]]) throws -> ChatSession {
        var session = session
        // Only when there is one: removing from a shared array copies it (a long session's, at every fold).
        if session.messages.contains(where: \.removed) { session.messages.removeAll(where: \.removed) }
        try keepAside(unreadable, of: file)
        try SessionFileCodec.write(session, to: file, in: directory)
        SessionJournal.empty(journalPath(for: file))
        remember(session, file: file)
        return session
    }

    /// Deletes the session with `id`.
    /// - Throws: `SessionError.notFound` when it does not exist, or `StorageError`.
    public func delete(id: String) throws {
        let file = try fileName(for: id)
        let filePath = path(of: file)
        try withDirectoryLock {
            if unlink(filePath) != 0 {
                let code = errno
                if code == ENOENT { throw SessionError.notFound(reference: id) }
                throw StorageError.posix("delete", path: filePath, code: code)
            }
            unlink(journalPath(for: file))
            if var numbers = SessionNumberFile.read(in: directory), numbers.byFile.removeValue(forKey: file) != nil {
                try? numbers.write(in: directory)
            }
        }
        fileNames[id] = nil
        if recent?.file == file { recent = nil }
    }

    // MARK: - Private

    /// Notes that session `id` lives in `file` (not `<id>.json`).
    func rememberFile(_ file: String, for id: String) {
        fileNames[id] = file
    }

    /// Remembers `session` as the content just written to `file` (called under the directory lock),
    /// when reading the file back would give exactly this value.
    func remember(_ session: ChatSession, file: String) {
        guard Self.readsBackUnchanged(session) else { recent = nil; return }
        recent = currentStamp(of: file).map { RememberedSession(file: file, stamp: $0, session: session) }
    }

    /// Whether decoding `session`'s file text gives `session` back: dates in whole milliseconds
    /// within years 1970–9999, an id, and `failed` set exactly on user messages.
    static func readsBackUnchanged(_ session: ChatSession) -> Bool {
        func exact(_ date: Date) -> Bool {
            let millis = date.timeIntervalSince1970 * 1000
            return millis >= 0 && millis < 253_402_300_800_000 && millis.rounded() == millis
                && Double(Int64(millis)) / 1000 == date.timeIntervalSince1970
        }
        guard !session.id.isEmpty, exact(session.createdAt), exact(session.updatedAt) else { return false }
        return session.messages.allSatisfy { message in
            exact(message.createdAt) && (message.role == .user) == (message.failed != nil)
        }
    }

    /// The stamp of `file` now, or nil when it cannot be read.
    func currentStamp(of file: String) -> SessionFileStamp? {
        var info = stat()
        guard stat(path(of: file), &info) == 0 else { return nil }
        return SessionFileStamp(info)
    }

    /// The file holding session `id`: `<id>.json` when it exists (it wins over a copy with another
    /// name), else the file a listing found it in, else `<id>.json` for a new session.
    func fileName(for id: String) throws -> String {
        let safe = Self.isSafeFileStem(id)
        guard let known = fileNames[id] else {
            if safe { return id + ".json" }   // whether it exists or not (no stat needed)
            _ = try list()
            guard let known = fileNames[id] else { throw SessionError.notFound(reference: id) }
            return known
        }
        if safe, currentStamp(of: id + ".json") != nil { return id + ".json" }
        return known
    }

    /// The path of `file` in the sessions directory.
    nonisolated func path(of file: String) -> String {
        directoryPath.hasSuffix("/") ? directoryPath + file : directoryPath + "/" + file
    }

    /// Whether `id` can name a file in the sessions directory by itself.
    static func isSafeFileStem(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 200 && id.utf8.first != UInt8(ascii: ".")
            && !id.utf8.contains { $0 == UInt8(ascii: "/") || $0 == 0 }
    }

    /// Removes the temporary files of session and index writes that never finished (their writer
    /// was killed). Under the lock no such write is in progress, so every such file seen then is stale.
    private func removeLeftovers() {
        try? withDirectoryLock {
            for name in try SessionDirectoryScanner.scan(directory.path).leftovers {
                unlink(directory.appending(path: name).path)
            }
        }
    }

    /// The entry for a file not (or no longer rightly) in the index; nil when it vanished meanwhile.
    private func freshEntry(file: String, stamp: SessionFileStamp) -> SessionIndexEntry? {
        do {
            guard let session = try readSession(file) else { return nil }
            return SessionIndexEntry(file: file, stamp: stamp, summary: SessionSummary(session, fileName: file))
        } catch let SessionError.damagedFile(_, reason) {
            return SessionIndexEntry(file: file, stamp: stamp, problem: reason)
        } catch {
            return SessionIndexEntry(file: file, stamp: stamp, problem: (error as? any LocalizedError)?
                .errorDescription ?? "\(error)")
        }
    }
}
