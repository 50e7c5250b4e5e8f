// The chat feature (the app's ChatViewModel without the screen): which session is current, turns
// that save the user's message before sending it, retry of a failed turn, and the chat-id rule.
// The session itself lives in the store; this service remembers only which one is current.
import Foundation

/// Runs chat turns against a `ChatProvider`, one at a time, in the current session.
///
/// A turn saves the user message first, marked `failed: true` and on disk, then sends it; the
/// reply and `failed: false` are saved together, on disk before the turn returns. So a failure, a
/// cancellation or a crash leaves the message saved and retryable. A new session is created by
/// its first turn. The front end runs one line at a time, so nothing here guards against a second
/// call while one is running.
public actor ChatService {
    /// Where sessions are kept; it holds the current session's content.
    let store: SessionStore
    let clock: any LyraClock
    /// The current session's id; nil before the first turn of a new session.
    private(set) var currentID: String?
    /// What the next new session starts with.
    var draft = SessionDraft()

    /// A service with no current session (the next turn starts one).
    /// - Parameters:
    ///   - store: the session files.
    ///   - clock: the source of timestamps (tests inject one).
    public init(store: SessionStore, clock: any LyraClock = SystemClock()) {
        self.store = store
        self.clock = clock
    }

    /// The current session as stored now, nil before the first turn of a new one (or when its file
    /// can no longer be read).
    public var session: ChatSession? {
        get async {
            guard let currentID else { return nil }
            return try? await store.load(id: currentID)
        }
    }

    /// The title to show: the current session's, or the one `/new TITLE` gave the next session.
    public var title: String? {
        get async { await session?.title ?? draft.title }
    }

    // MARK: - Choosing the session

    /// Leaves the current session; the next turn creates a new one titled `title` (or after its
    /// first message) with the system prompt `system`, talking to the model in use.
    /// The session left is folded (its journal written into its file; when that fails, Lyra's
    /// readers still apply the journal, so nothing is lost).
    /// - Throws: `SessionError.emptyTitle` for a title that is blank.
    public func startNew(title: String?, system: String? = nil) async throws {
        let title = try title.map(Self.validTitle)
        let model = await sessionModel
        let left = currentID
        currentID = nil
        draft = SessionDraft(title: title, system: system, model: model)
        if let left { try? await store.fold(id: left) }
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

    /// Makes session `id` current (the one left is folded).
    /// - Throws: `SessionError` or `StorageError`.
    @discardableResult
    public func open(id: String) async throws -> ChatSession {
        let session = try await store.load(id: id)
        let left = currentID
        currentID = id
        draft = SessionDraft()
        if let left, left != id { try? await store.fold(id: left) }
        return session
    }

    /// Renames session `id` (the current one or another).
    /// - Throws: `SessionError.emptyTitle`, `.notFound`, `.damagedFile` or `StorageError`.
    @discardableResult
    public func rename(id: String, to title: String) async throws -> ChatSession {
        let clean = try Self.validTitle(title)
        let now = timestamp()
        return try await store.update(try await store.load(id: id)) { session in
            var meta = SessionMeta(session)
            meta.title = clean
            meta.updatedAt = max(meta.updatedAt, now)
            return [.meta(meta)]
        }
    }

    /// Deletes session `id`; when it is the current one, the next turn starts a new session.
    /// - Throws: `SessionError.notFound` or `StorageError`.
    public func delete(id: String) async throws {
        try await store.delete(id: id)
        if currentID == id { currentID = nil }
    }

    // MARK: - System prompt and model

    /// The system prompt of the current session, or the one the next session will get.
    public var systemPrompt: String? {
        get async { currentID == nil ? draft.system : await session?.system }
    }

    /// The model saved in the current session, or the one the next session will get.
    public var sessionModel: String? {
        get async { currentID == nil ? draft.model : await session?.model }
    }

    /// Sets (or with nil removes) the current session's system prompt, saved at once; before the
    /// first turn of a new session it is kept for that session.
    /// - Throws: `SessionError` or `StorageError`.
    public func setSystemPrompt(_ text: String?) async throws {
        let clean = text.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
        let now = timestamp()
        try await changeMeta(orDraft: { $0.system = clean }) { meta in
            meta.system = clean
            meta.updatedAt = max(meta.updatedAt, now)
        }
    }

    /// The thinking level saved in the current session (`/think`), or the one the next session gets.
    public var sessionThink: String? {
        get async { currentID == nil ? draft.think : await session?.think }
    }

    /// Saves the thinking level `level` (nil: default) in the current session, or keeps it for the next one.
    /// - Throws: `SessionError` or `StorageError`.
    public func setThink(_ level: String?) async throws {
        try await changeMeta(orDraft: { $0.think = level }) { $0.think = level }
    }

    /// Saves `model` as the current session's model (or keeps it for the next new session).
    /// - Throws: `SessionError` or `StorageError`.
    public func setModel(_ model: String) async throws {
        try await changeMeta(orDraft: { $0.model = model }) { $0.model = model }
    }

    // MARK: - Internal

    /// Changes the current session's members with `change`, or the draft with `draftChange` before
    /// the first turn of a new session.
    func changeMeta(orDraft draftChange: (inout SessionDraft) -> Void,
                            _ change: @escaping @Sendable (inout SessionMeta) -> Void) async throws {
        guard let currentID else { return draftChange(&draft) }
        let base = try await store.load(id: currentID)
        _ = try await store.update(base) { stored in
            var meta = SessionMeta(stored)
            change(&meta)
            return [.meta(meta)]
        }
    }

    /// Saves the edits `edits` returns to session `id` (by default the current one), or to a new
    /// one made from the draft (whose first message is `text`), and makes the result current. On
    /// disk when this returns.
    /// - Throws: what `SessionStore.update(_:edits:)` throws.
    func save(in id: String? = nil, firstMessage text: String, at now: Date,
              _ edits: @Sendable (ChatSession) throws -> [SessionEdit]) async throws -> ChatSession {
        let base: ChatSession
        if let id = id ?? currentID {
            base = ChatSession(id: id, title: ChatSession.defaultTitle(for: text), createdAt: now)
        } else {
            base = draft.session(firstMessage: text, at: now)
        }
        let saved = try await store.update(base, edits: edits)
        currentID = saved.id
        draft = SessionDraft()
        return saved
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

/// What the next new session starts with: the title `/new TITLE` gave it, the system prompt
/// (`--system`, or `/system` before the first message) and the model in use.
struct SessionDraft: Sendable {
    var title: String?
    var system: String?
    var model: String?
    var think: String?
    /// The sampling parameters (`--temperature`, `/set` before the first message).
    var parameters: ChatParameters?

    /// The new session whose first message is `text`.
    func session(firstMessage text: String, at now: Date) -> ChatSession {
        var session = ChatSession(title: title ?? ChatSession.defaultTitle(for: text), createdAt: now,
                                   system: system, model: model)
        session.think = think
        session.parameters = parameters
        return session
    }
}
