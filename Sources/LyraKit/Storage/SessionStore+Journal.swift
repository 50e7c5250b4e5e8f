// Saving through the journal (docs/JOURNAL.md): a save appends one line of edits to `.<id>.journal`
// under the directory lock and fdatasyncs it before it returns; the journal is folded into
// `<id>.json` when it passes its bound, when the session is left, and before export. Every read
// applies the journal's lines, whatever happened to `<id>.json` meanwhile.
import Foundation

extension SessionStore {
    /// Applies the edits `edits` returns for the stored session `base.id` (as stored now, under the
    /// directory lock) and saves them by appending one journal line: no rewrite of the session file,
    /// no encoding of messages other than the edited ones. The save is on disk when this returns.
    /// A new session (no file yet), a journal past its bound, or a session that cannot be
    /// remembered exactly is saved whole instead.
    /// - Returns: the session as saved.
    /// - Throws: `SessionError.damagedFile`, `.tooLarge`, `StorageError`, or what `edits` throws (nothing is written then).
    public func update(_ base: ChatSession, edits: @Sendable (ChatSession) throws -> [SessionEdit])
        throws -> ChatSession {
        let lock = try heldLock()
        let file = try fileName(for: base.id)
        return try lock.withLock {
            let journal = journalPath(for: file)
            if let odd = SessionJournal.oddity(journal) { moveAside(journal, because: odd) }
            guard var session = try readSession(file), var remembered = recent, remembered.file == file else {
                return try saveWhole(base, in: file) { session in
                    for edit in try edits(session) { edit.apply(to: &session) }
                }
            }
            // Let go of the remembered copy, so that editing a large session's messages does not copy them.
            recent = nil
            remembered.session = ChatSession(id: "", title: "", chatID: "", createdAt: Date(timeIntervalSince1970: 0))
            let list = try edits(session)
            for edit in list { edit.apply(to: &session) }
            var probe = session
            probe.messages = list.compactMap(\.message)
            try SessionFileLimits.checkMessages(of: probe)
            let line = SessionJournalLine(edits: list).bytes()
            guard remembered.journalTakes(line.count), Self.readsBackUnchanged(probe) else {
                if let number = SessionNumberFile.read(in: directory)?.byFile[file] { session.number = number }
                return try writeWhole(session, to: file, keepingAside: remembered.unreadable)
            }
            try SessionJournal.append(line, to: journal, keeping: remembered.journalValid, sync: fileSync)
            if session.number == nil { session.number = base.number }
            remembered.appended(line.count, giving: session)
            recent = remembered
            return session
        }
    }

    /// Folds the journal of session `id` into its file (when it has lines) and empties it: called
    /// when the session is left and before export, so other programs read it whole.
    /// - Throws: `SessionError.damagedFile`, `.tooLarge`, or `StorageError`.
    public func fold(id: String) throws {
        let file = try fileName(for: id)
        guard (SessionJournal.size(journalPath(for: file)) ?? 0) > 0 else { return }
        try withDirectoryLock {
            guard let stored = try readSession(file) else { return }
            _ = try saveWhole(stored, in: file) { _ in }
        }
    }

    /// The session in `file` with its journal applied (nil when there is no file): the remembered
    /// copy while the file's stamp and the journal's size are unchanged, extended by the journal's
    /// new lines when only it grew, else read from both files (and remembered). An odd journal is
    /// reported and left out.
    func readSession(_ file: String) throws -> ChatSession? {
        let journal = journalPath(for: file)
        if var remembered = recent, remembered.file == file, currentStamp(of: file) == remembered.stamp {
            let size = SessionJournal.size(journal) ?? 0
            if size == remembered.journalSize { return remembered.session }
            if size > remembered.journalSize, let tail = try readJournal(journal, from: remembered.journalValid) {
                remembered.absorb(tail)
                recent = remembered
                return remembered.session
            }
        }
        recent = nil
        for _ in 0..<3 {
            guard let read = try SessionFileCodec.readStamped(file, in: directory) else { return nil }
            guard let stamp = read.stamp else { continue }   // the file was replaced while it was read
            var remembered = RememberedSession(file: file, stamp: stamp, session: read.session)
            if let contents = try readJournal(journal) { remembered.absorb(contents) }
            recent = remembered
            return remembered.session
        }
        return try SessionFileCodec.read(file, in: directory)
    }

    /// The journal's lines from `offset`, or nil when there is none or it is odd (then reported once).
    private func readJournal(_ path: String, from offset: Int = 0) throws -> SessionJournalContents? {
        do {
            return try SessionJournal.read(path, from: offset)
        } catch let odd as SessionJournal.OddFile {
            warnOnce(path, "ignoring \(path): \(odd.reason); the session opens from its file")
            return nil
        }
    }

    /// Renames the odd journal at `path` aside (under the lock) so that saves can make a new one.
    private func moveAside(_ path: String, because odd: SessionJournal.OddFile) {
        if let aside = SessionJournal.moveAside(path) {
            warn("moved \(path) aside to \(aside): \(odd.reason)")
        } else {
            warnOnce(path, "ignoring \(path): \(odd.reason); the session opens from its file")
        }
    }

    /// Keeps `lines` of the journal of `file` that could not be applied in a file of their own
    /// (called under the lock before the journal is emptied), and says where.
    /// - Throws: `StorageError` when they cannot be kept (the journal is then not emptied).
    func keepAside(_ lines: [[UInt8]], of file: String) throws {
        guard !lines.isEmpty else { return }
        let journal = journalPath(for: file)
        let aside = try SessionJournal.keepAside(lines, of: journal, sync: fileSync)
        warn("\(lines.count) line(s) of \(journal) could not be applied; kept in \(aside)")
    }

    /// The path of the journal of session file `file`.
    func journalPath(for file: String) -> String {
        path(of: SessionJournal.fileName(for: file))
    }
}
