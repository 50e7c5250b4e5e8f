// The chat feature (the app's ChatViewModel without the screen): the current session, turns that
// save the user's message before sending it, retry of a failed turn, and the chat-id adoption rule.
import Foundation
import Synchronization

/// Holds the current session and runs chat turns against a `ChatProvider`.
///
/// A turn saves the user message first, marked `failed: true`, then sends it; the reply and
/// `failed: false` are saved together when it arrives. So a failure, a cancellation or a crash
/// leaves the message saved and retryable. A new session is created by its first turn.
public actor ChatService {
    /// Where sessions are kept.
    let store: SessionStore
    let clock: any LyraClock
    private var current: ChatSession? { didSet { publishModel() } }
    private var pendingTitle: String?
    private var pendingSystem: String?
    private var pendingModel: String? { didSet { publishModel() } }
    /// ``sessionModel`` as of the last change, readable without a hop to the actor (every turn asks).
    private nonisolated let publishedModel = Mutex<String?>(nil)
    /// Counts the times the current session was left for none (`startNew`, deleting it). The actor
    /// is reentrant: an operation notes this before an `await` and sets `current` after it only when
    /// it did not change, so a `/new` typed during a turn wins. (Opening another session meanwhile
    /// is caught by `adopt`'s id check.)
    private(set) var resets = 0
    /// Sessions deleted in this process: a turn still awaiting its provider when its session was
    /// deleted does not write it back (`SessionStore.update` would create the file again).
    private(set) var deletedIDs: Set<String> = []
    /// The `fdatasync` of the last reply's journal line, still running or not yet looked at: it runs
    /// while Lyra goes on, and the next turn waits for it before saving its own reply; anything
    /// else that touches the sessions, and leaving, wait for it first (``settleReplySync()``).
    var replySync: Task<Void, any Error>?

    /// Runs the actor on its store's executor: a turn's two saves then start and finish without a
    /// hop to another thread (the store's blocking file work stays off the cooperative pool).
    public nonisolated var unownedExecutor: UnownedSerialExecutor { store.executor.asUnownedSerialExecutor() }

    /// A service with no current session (the next turn starts one).
    /// - Parameters:
    ///   - store: the session files.
    ///   - clock: the source of timestamps (tests inject one).
    public init(store: SessionStore, clock: any LyraClock = SystemClock()) {
        self.store = store
        self.clock = clock
    }

    /// The current session, nil before the first turn of a new one.
    public var session: ChatSession? { current }

    /// The title to show: the current session's, or the one `/new TITLE` gave the next session.
    public var title: String? { current?.title ?? pendingTitle }

    // MARK: - Choosing the session

    /// Leaves the current session; the next turn creates a new one titled `title` (or after its first message).
    /// - Throws: `SessionError.emptyTitle` for a title that is blank.
    /// The session left is folded (its journal written into its file; when that fails, Lyra's readers
    /// still apply the journal, so nothing is lost).
    public func startNew(title: String?) async throws {
        try await settleReplySync()
        pendingTitle = try title.map(Self.validTitle)
        // The new session keeps talking to the model in use; its system prompt starts empty.
        pendingModel = current?.model ?? pendingModel
        pendingSystem = nil
        let left = current?.id
        current = nil
        resets += 1
        if let left { try? await store.fold(id: left) }
    }

    /// Like `startNew(title:)`, also choosing the new session's system prompt (`--system`).
    /// - Throws: `SessionError.emptyTitle` for a title that is blank.
    public func startNew(title: String?, system: String?) async throws {
        try await startNew(title: title)
        pendingSystem = system
    }

    /// Makes the session `reference` names current.
    /// - Throws: `SessionError` or `StorageError`.
    @discardableResult
    public func open(_ reference: String) async throws -> ChatSession {
        let summary = try await store.resolve(reference)
        return try await open(id: summary.id)
    }

    /// Makes the most recently updated session current; nil (and nothing changes) when there is none.
    /// - Throws: `SessionError` or `StorageError`.
    @discardableResult
    public func openMostRecent() async throws -> ChatSession? {
        guard let summary = try await store.mostRecent() else { return nil }
        return try await open(id: summary.id)
    }

    /// Makes session `id` current, unless `startNew` came while it loaded (then the new session
    /// stays chosen and the loaded one is only returned).
    /// - Throws: `SessionError` or `StorageError`.
    @discardableResult
    public func open(id: String) async throws -> ChatSession {
        try await settleReplySync()
        let noted = resets
        let session = try await store.load(id: id)
        guard noted == resets else { return session }
        let left = current?.id
        current = session
        if let left, left != id { try? await store.fold(id: left) }
        pendingTitle = nil
        return session
    }

    /// Renames session `id` (the current one or another).
    /// - Throws: `SessionError.emptyTitle`, `.notFound`, `.damagedFile` or `StorageError`.
    @discardableResult
    public func rename(id: String, to title: String) async throws -> ChatSession {
        try await settleReplySync()
        let clean = try Self.validTitle(title)
        let stored = try await store.load(id: id)
        let now = timestamp()
        let renamed = try await store.update(stored) { session in
            var meta = SessionMeta(session)
            meta.title = clean
            meta.updatedAt = max(meta.updatedAt, now)
            return [.meta(meta)]
        }
        if current?.id == id { current = renamed }
        return renamed
    }

    /// Deletes session `id`; when it is the current one, the next turn starts a new session.
    /// - Throws: `SessionError.notFound` or `StorageError`.
    public func delete(id: String) async throws {
        try await settleReplySync()
        try await store.delete(id: id)
        deletedIDs.insert(id)
        if current?.id == id {
            current = nil
            resets += 1
        }
    }

    // MARK: - System prompt and model

    /// The system prompt of the current session, or the one the next session will get.
    public var systemPrompt: String? { current.map(\.system) ?? pendingSystem }

    /// The model saved in the current session, or the one the next session will get.
    public nonisolated var sessionModel: String? { publishedModel.withLock { $0 } }

    /// Updates ``sessionModel`` after the current session or the pending model changed.
    private func publishModel() {
        let model = current.map(\.model) ?? pendingModel
        publishedModel.withLock { $0 = model }
    }

    /// Sets (or with nil removes) the current session's system prompt, saved at once; before the
    /// first turn of a new session it is kept for that session.
    /// - Throws: `SessionError` or `StorageError`.
    public func setSystemPrompt(_ text: String?) async throws {
        try await settleReplySync()
        let clean = text.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
        guard let session = current else {
            pendingSystem = clean
            return
        }
        let now = timestamp()
        let noted = resets
        adopt(try await store.update(session) { stored in
            var meta = SessionMeta(stored)
            meta.system = clean
            meta.updatedAt = max(meta.updatedAt, now)
            return [.meta(meta)]
        }, resets: noted)
    }

    /// Saves `model` as the current session's model (or keeps it for the next new session).
    /// - Throws: `SessionError` or `StorageError`.
    public func setModel(_ model: String) async throws {
        try await settleReplySync()
        guard let session = current else {
            pendingModel = model
            return
        }
        let noted = resets
        adopt(try await store.update(session) { stored in
            var meta = SessionMeta(stored)
            meta.model = model
            return [.meta(meta)]
        }, resets: noted)
    }

    // MARK: - Internal

    /// The session a new message goes into: the current one, or a new one with the pending title,
    /// system prompt and model.
    func newOrCurrentSession(firstMessage text: String, at now: Date) -> ChatSession {
        if let current { return current }
        var session = ChatSession(title: pendingTitle ?? ChatSession.defaultTitle(for: text), createdAt: now)
        session.system = pendingSystem
        session.model = pendingModel
        return session
    }

    /// Saves the edits `edits` returns to session `id` (the current one), or to `fresh` (a new session),
    /// and adopts the result. The current session is handed to the store for the save (this actor
    /// holds none of its messages meanwhile), so a large session's message array has one owner when
    /// the edits are applied and is not copied; when the save fails, the stored session is read back.
    /// The result is adopted only if the session was not left since `noted` (see `adopt`).
    /// With `syncing`, a journal append is only written and its `fdatasync` runs as that says (see
    /// `JournalSyncStart`): the returned task ends when it is on disk (nil when the save already
    /// is). Without it the save is on disk when this returns.
    /// - Throws: what `SessionStore.update(_:edits:)` throws.
    func saveHandingOver(id: String?, fresh: ChatSession?, resets noted: Int, syncing: JournalSyncStart? = nil,
                         _ edits: @Sendable (ChatSession) throws -> [SessionEdit])
        async throws -> (session: ChatSession, sync: Task<Void, any Error>?) {
        var base: ChatSession
        if let fresh {
            base = fresh
        } else if var held = current, held.id == id {
            current = nil
            held.messages = []
            base = held
        } else {
            base = ChatSession(id: id ?? "", title: "", createdAt: timestamp())
        }
        do {
            let (saved, pending) = try await store.updateLeavingSync(base, edits: edits)
            var sync: Task<Void, any Error>?
            if let pending {
                if let syncing {
                    sync = await store.startSync(pending, syncing)
                } else {
                    try pending.run()
                }
            }
            adopt(saved, resets: noted)
            return (saved, sync)
        } catch {
            if current == nil, fresh == nil, noted == resets, let id { current = try? await store.load(id: id) }
            throw error
        }
    }

    /// Makes `saved` current after a write, unless the current session was left (`resets` differs
    /// from `noted`) or another session became current since the write began.
    func adopt(_ saved: ChatSession, resets noted: Int) {
        guard noted == resets else { return }
        guard current == nil || current?.id == saved.id else { return }
        current = saved
        pendingTitle = nil
        pendingSystem = nil
        pendingModel = nil
    }

    func timestamp() -> Date {
        ChatTimestamp.truncatedToMilliseconds(clock.now())
    }

    /// `title` on one line, or `SessionError.emptyTitle` when nothing is left.
    static func validTitle(_ title: String) throws -> String {
        let clean = ChatSession.singleLine(title)
        guard !clean.isEmpty else { throw SessionError.emptyTitle }
        return clean
    }
}
