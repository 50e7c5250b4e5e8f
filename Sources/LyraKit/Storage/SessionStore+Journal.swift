// Saving through the journal (docs/JOURNAL.md): a save appends one line of edits to `.<id>.journal`
// under the directory lock; the journal is folded into `<id>.json` when it passes its bound, when
// the session is left, and before export. Every read applies the journal's live lines.
import Foundation

extension SessionStore {
    /// Applies the edits `edits` returns for the stored session `base.id` (as stored now, under the
    /// directory lock) and saves them by appending one journal line: no rewrite of the session file,
    /// no encoding of messages other than the edited ones. A new session (no file yet), the first
    /// reply of a session without a journal (see ``savesToJournal(_:storedMessages:)``), a journal past
    /// its bound, or a session that cannot be remembered exactly is saved whole instead.
    /// - Returns: the session as saved.
    /// - Throws: `SessionError.damagedFile`, `.tooLarge`, `StorageError`, or what `edits` throws (nothing is written then).
    public func update(_ base: ChatSession, edits: @Sendable (ChatSession) throws -> [SessionEdit])
        throws -> ChatSession {
        let (session, sync) = try updateLeavingSync(base, edits: edits)
        try sync?.run()
        return session
    }

    /// Like ``update(_:edits:)``, but when the save appends to the journal the lines are only
    /// written (in the file, under the lock): what makes them durable is returned, for the caller to
    /// run while it waits for something else (``startSync(_:_:)``). Nil when the save is
    /// already on disk.
    func updateLeavingSync(_ base: ChatSession, edits: @Sendable (ChatSession) throws -> [SessionEdit])
        throws -> (session: ChatSession, sync: SessionJournalSync?) {
        let lock = try heldLock()
        let file = try fileName(for: base.id)
        return try lock.withLock {
            guard var session = try readSession(file), var remembered = recent, remembered.file == file else {
                let saved = try saveWhole(base, in: file) { session in
                    for edit in try edits(session) { edit.apply(to: &session) }
                }
                return (saved, nil)
            }
            // Let go of the remembered copy, so that editing a large session's messages does not copy
            // them when the caller handed its own copy over (ChatService does).
            recent = nil
            remembered.session = ChatSession(id: "", title: "", chatID: "", createdAt: Date(timeIntervalSince1970: 0))
            let storedMessages = session.messages.count
            let list = try edits(session)
            for edit in list { edit.apply(to: &session) }
            var probe = session
            probe.messages = list.compactMap(\.message)
            try SessionFileLimits.checkMessages(of: probe)
            let line = SessionJournalLine(base: remembered.stamp, edits: list).bytes()
            let journals = savesToJournal(file, storedMessages: storedMessages)
            guard remembered.journalTakes(line.count), Self.readsBackUnchanged(probe), journals else {
                // The journal is made now, so the file's directory fsync below covers its entry too.
                if !journals { SessionJournal.create(journalPath(for: file)) }
                if let number = SessionNumberFile.read(in: directory)?.byFile[file] { session.number = number }
                try writeWhole(session, to: file)
                return (session, nil)
            }
            let sync = try SessionJournal.append(line, to: journalPath(for: file), keeping: remembered.journalKept)
            if session.number == nil { session.number = base.number }
            remembered.appended(line.count, giving: session)
            recent = remembered
            return (session, sync)
        }
    }

    /// Starts making the append `sync` stands for durable as `start` says (on the store's thread
    /// once the job that asks, a chat turn, waits for something else, or beside it) and returns at
    /// once; the task ends when it is on disk.
    func startSync(_ sync: SessionJournalSync, _ start: JournalSyncStart) -> Task<Void, any Error> {
        let syncer = journalSyncer ?? SessionJournalSyncer(worker: executor.worker)
        journalSyncer = syncer
        return syncer.start(sync, start)
    }

    /// Ends a lingering sync's wait at once (the session is being left).
    func flushSyncs() {
        journalSyncer?.flush()
    }

    /// Folds the journal of session `id` into its file (when it has live lines) and empties it:
    /// called when the session is left and before export, so other programs read it whole.
    /// - Throws: `SessionError.damagedFile`, `.tooLarge`, or `StorageError`.
    public func fold(id: String) throws {
        let file = try fileName(for: id)
        guard (SessionJournal.size(journalPath(for: file)) ?? 0) > 0 else { return }
        try withDirectoryLock {
            guard let stored = try readSession(file) else { return }
            if let remembered = recent, remembered.file == file, remembered.liveLines == 0 {
                SessionJournal.empty(journalPath(for: file))
                return
            }
            _ = try saveWhole(stored, in: file) { _ in }
        }
    }

    /// The session in `file` with its journal applied (nil when there is no file): the remembered
    /// copy while the file's stamp and the journal's size are unchanged, extended by the journal's
    /// new lines when only it grew, else read from both files (and remembered).
    func readSession(_ file: String) throws -> ChatSession? {
        let journal = journalPath(for: file)
        if var remembered = recent, remembered.file == file, currentStamp(of: file) == remembered.stamp {
            let size = SessionJournal.size(journal) ?? 0
            if size == remembered.journalSize { return remembered.session }
            if size > remembered.journalSize, let tail = try SessionJournal.read(journal, from: remembered.journalValid) {
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
            if let contents = try SessionJournal.read(journal) { remembered.absorb(contents) }
            recent = remembered
            return remembered.session
        }
        return try SessionFileCodec.read(file, in: directory)
    }

    /// Whether a save of a session file `file` holding `storedMessages` messages goes to the journal.
    /// Not the save after a new session's first prompt (one message stored, no journal yet: a
    /// one-shot's reply): creating the journal costs an fdatasync and a directory fsync, and leaving
    /// the session a fold (fsync, rename, directory fsync); rewriting the small file costs one fsync
    /// and one directory fsync (which also covers the journal, created empty for the next saves).
    func savesToJournal(_ file: String, storedMessages: Int) -> Bool {
        storedMessages != 1 || SessionJournal.size(journalPath(for: file)) != nil
    }

    /// The path of the journal of session file `file`.
    func journalPath(for file: String) -> String {
        path(of: SessionJournal.fileName(for: file))
    }
}
