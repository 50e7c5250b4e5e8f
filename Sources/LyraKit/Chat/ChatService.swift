// The chat feature (the app's ChatViewModel without the screen): the current session, turns that
// save the user's message before sending it, retry of a failed turn, and the chat-id adoption rule.
import Foundation

/// Holds the current session and runs chat turns against a `ChatBackend`.
///
/// A turn saves the user message first, marked `failed: true`, then sends it; the reply and
/// `failed: false` are saved together when it arrives. So a failure, a cancellation or a crash
/// leaves the message saved and retryable. A new session is created by its first turn.
public actor ChatService {
    /// Where sessions are kept.
    public let store: SessionStore
    private let clock: any LyraClock
    private var current: ChatSession?
    private var pendingTitle: String?

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
    public func startNew(title: String?) throws {
        pendingTitle = try title.map(Self.validTitle)
        current = nil
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

    /// Makes session `id` current.
    /// - Throws: `SessionError` or `StorageError`.
    @discardableResult
    public func open(id: String) async throws -> ChatSession {
        let session = try await store.load(id: id)
        current = session
        pendingTitle = nil
        return session
    }

    /// Renames session `id` (the current one or another).
    /// - Throws: `SessionError.emptyTitle`, `.notFound`, `.damagedFile` or `StorageError`.
    @discardableResult
    public func rename(id: String, to title: String) async throws -> ChatSession {
        let clean = try Self.validTitle(title)
        let stored = try await store.load(id: id)
        let now = timestamp()
        let renamed = try await store.update(stored) { session in
            session.title = clean
            session.updatedAt = max(session.updatedAt, now)
        }
        if current?.id == id { current = renamed }
        return renamed
    }

    /// Deletes session `id`; when it is the current one, the next turn starts a new session.
    /// - Throws: `SessionError.notFound` or `StorageError`.
    public func delete(id: String) async throws {
        try await store.delete(id: id)
        if current?.id == id { current = nil }
    }

    // MARK: - Turns

    /// Sends `text` in the current session (creating it when there is none) and saves the reply.
    /// - Throws: `ChatError.emptyMessage`; `SessionError`/`StorageError` when the message cannot be
    ///   saved (then nothing was sent); the backend's error (`APIError`, `CancellationError`) after
    ///   which the message stays saved with `failed: true`.
    public func send(_ text: String, using backend: any ChatBackend) async throws -> ChatTurn {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw ChatError.emptyMessage }
        let now = timestamp()
        let base = current ?? ChatSession(title: pendingTitle ?? ChatSession.defaultTitle(for: text), createdAt: now)
        let prompt = ChatMessage(role: .user, content: text, createdAt: now, failed: true)
        let saved = try await store.update(base) { session in
            session.messages.append(prompt)
            session.updatedAt = max(session.updatedAt, now)
        }
        current = saved
        pendingTitle = nil
        return try await deliver(prompt, in: saved, using: backend)
    }

    /// Resends the last user message of the current session whose reply failed; on success its
    /// `failed` flag is cleared and the reply saved right after it (the message is not duplicated).
    /// - Throws: `ChatError.nothingToRetry`, storage errors, or the backend's error (the message stays failed).
    public func retry(using backend: any ChatBackend) async throws -> ChatTurn {
        guard let id = current?.id else { throw ChatError.nothingToRetry }
        let session = try await store.load(id: id)
        current = session
        guard let prompt = session.lastFailedMessage else { throw ChatError.nothingToRetry }
        return try await deliver(prompt, in: session, using: backend)
    }

    // MARK: - Private

    /// Sends `prompt` (already saved as failed) and saves the reply with the prompt marked as sent.
    private func deliver(_ prompt: ChatMessage, in session: ChatSession, using backend: any ChatBackend)
        async throws -> ChatTurn {
        try Task.checkCancellation()
        let answer = try await backend.sendChatMessage(chatID: session.chatID, message: prompt.content)
        let now = timestamp()
        let reply = ChatMessage(role: .assistant, content: answer.assistantMessage, createdAt: now)
        let adopted = answer.chatID?.value.trimmingCharacters(in: .whitespaces)
        let saved = try await store.update(session) { stored in
            Self.record(reply, answering: prompt, adopting: adopted, at: now, in: &stored)
        }
        current = saved
        var sent = prompt
        sent.failed = false
        return ChatTurn(prompt: sent, reply: reply, session: saved)
    }

    /// Marks `prompt` as sent and puts `reply` right after it (at the end when the prompt is gone).
    private static func record(_ reply: ChatMessage, answering prompt: ChatMessage, adopting chatID: String?,
                               at now: Date, in session: inout ChatSession) {
        if let index = session.messages.firstIndex(where: { $0.id == prompt.id }) {
            session.messages[index].failed = false
            session.messages.insert(reply, at: session.messages.index(after: index))
        } else {
            var restored = prompt
            restored.failed = false
            session.messages.append(contentsOf: [restored, reply])
        }
        if let chatID, !chatID.isEmpty, chatID != session.chatID { session.chatID = chatID }
        session.updatedAt = max(session.updatedAt, now)
    }

    private func timestamp() -> Date {
        ChatTimestamp.truncatedToMilliseconds(clock.now())
    }

    /// `title` on one line, or `SessionError.emptyTitle` when nothing is left.
    static func validTitle(_ title: String) throws -> String {
        let clean = ChatSession.singleLine(title)
        guard !clean.isEmpty else { throw SessionError.emptyTitle }
        return clean
    }
}
