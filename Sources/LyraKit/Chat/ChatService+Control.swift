// Conversation control (SPEC §15): `/undo` and `/undo --restore`, `/set` parameters, `/fork`,
// `/edit N`'s fork, every change saved through the session store (journal lines, or a whole
// rewrite where messages go), so each is crash-safe and safe with another process on the session.
import Foundation

extension ChatService {
    // MARK: - Undo

    /// Takes back the last exchange of the current session: its last user message not yet taken
    /// back and everything after it are marked `removed` (kept in the file until it is next
    /// rewritten whole, never sent). `/undo` again takes back the one before.
    /// - Returns: the messages taken back.
    /// - Throws: `ChatControlError.nothingToUndo`, `SessionError` or `StorageError`.
    public func undo() async throws -> [ChatMessage] {
        guard let current = await session else { throw ChatControlError.nothingToUndo }
        let now = timestamp()
        let saved = try await store.update(current) { stored in
            let active = stored.messages.indices.filter { !stored.messages[$0].removed }
            guard let start = active.last(where: { stored.messages[$0].role == .user }) else {
                throw ChatControlError.nothingToUndo
            }
            var edits: [SessionEdit] = active.filter { $0 >= start }.map { index in
                var message = stored.messages[index]
                message.removed = true
                return .append(message)
            }
            var meta = SessionMeta(stored)
            meta.updatedAt = max(meta.updatedAt, now)
            edits.append(.meta(meta))
            return edits
        }
        return Self.lastRemoval(in: saved).map { saved.messages[$0] }
    }

    /// Brings back the exchange the last `/undo` took back.
    /// - Returns: the messages brought back.
    /// - Throws: `ChatControlError.nothingToRestore`, `SessionError` or `StorageError`.
    public func restoreLastRemoval() async throws -> [ChatMessage] {
        guard let current = await session, !Self.lastRemoval(in: current).isEmpty else {
            throw ChatControlError.nothingToRestore
        }
        let now = timestamp()
        let ids = Set(Self.lastRemoval(in: current).map { current.messages[$0].id })
        let saved = try await store.update(current) { stored in
            let group = Self.lastRemoval(in: stored)
            guard !group.isEmpty else { throw ChatControlError.nothingToRestore }
            var edits: [SessionEdit] = group.map { index in
                var message = stored.messages[index]
                message.removed = false
                return .append(message)
            }
            var meta = SessionMeta(stored)
            meta.updatedAt = max(meta.updatedAt, now)
            edits.append(.meta(meta))
            return edits
        }
        return saved.messages.filter { ids.contains($0.id) }
    }

    /// The positions of the messages the last `/undo` took back: the removed messages after the
    /// last one still in the conversation form a run (each `/undo` adds an exchange to its front);
    /// the last removal is the run's first exchange, up to the next user message in it.
    static func lastRemoval(in session: ChatSession) -> [Int] {
        let messages = session.messages
        let start = (messages.lastIndex { !$0.removed }).map { $0 + 1 } ?? 0
        guard start < messages.endIndex else { return [] }
        let end = messages[(start + 1)...].firstIndex { $0.role == .user } ?? messages.endIndex
        return Array(start..<end)
    }

    /// Saves `edits` like `save(firstMessage:at:_:)`; when the stored session holds messages an
    /// `/undo` took back, they are first dropped for good (a whole rewrite), so that the new
    /// exchange does not follow them. The check is made on the session as the save reads it, so
    /// a session without such messages costs nothing more.
    /// - Throws: what the saves throw.
    func saveMakingUndoFinal(firstMessage text: String, at now: Date,
                             _ edits: @escaping @Sendable (ChatSession) throws -> [SessionEdit]) async throws -> ChatSession {
        do {
            return try await save(firstMessage: text, at: now) { session in
                guard !session.messages.contains(where: \.removed) else { throw RemovedMessagesPending() }
                return try edits(session)
            }
        } catch is RemovedMessagesPending {
            if let current = await session {
                _ = try await store.update(current) { $0.messages.removeAll(where: \.removed) }
            }
            return try await save(firstMessage: text, at: now, edits)
        }
    }

    // MARK: - Parameters

    /// The sampling parameters of the current session, or those the next session will get.
    public var sessionParameters: ChatParameters {
        get async { (currentID == nil ? draft.parameters : await session?.parameters) ?? ChatParameters() }
    }

    /// Saves `parameters` in the current session (or keeps them for the next one); empty ones are removed.
    /// - Throws: `SessionError` or `StorageError`.
    public func setParameters(_ parameters: ChatParameters) async throws {
        let value = parameters.isEmpty ? nil : parameters
        try await changeMeta(orDraft: { $0.parameters = value }) { $0.parameters = value }
    }

    // MARK: - Forks

    /// Starts a new session holding a copy of the current one's conversation (its system prompt,
    /// model and parameters too), titled `title` or `TITLE (fork)`, and makes it current.
    /// - Throws: `ChatControlError.nothingToFork`, `SessionError` or `StorageError`.
    @discardableResult
    public func fork(title: String?) async throws -> ChatSession {
        guard let current = await session else { throw ChatControlError.nothingToFork }
        let saved = try await copy(current, title: try title.map(Self.validTitle) ?? current.title + " (fork)")
        try await open(id: saved.id)
        return saved
    }

    /// Replaces user message `number` (counting the session's user messages from 1) for `/edit N`:
    /// the conversation as it was is copied to a new session `TITLE (before edit)`, then the
    /// message and everything after it leave the current session, whose next turn sends the new text.
    /// - Returns: the fork keeping the conversation as it was.
    /// - Throws: `ChatControlError.noSuchMessage`, `SessionError` or `StorageError`.
    public func forkBeforeEdit(ofUserMessage number: Int) async throws -> ChatSession {
        guard let current = await session, let message = Self.userMessage(number, in: current) else {
            throw ChatControlError.noSuchMessage(number)
        }
        let fork = try await copy(current, title: current.title + " (before edit)")
        let now = timestamp()
        _ = try await store.update(current) { session in
            guard let index = session.messages.lastIndex(ofID: message.id) else { return }
            session.messages.removeSubrange(index...)
            session.updatedAt = max(session.updatedAt, now)
        }
        return fork
    }

    /// User message `number` of `session` (from 1, messages taken back not counted).
    public static func userMessage(_ number: Int, in session: ChatSession) -> ChatMessage? {
        let users = session.messages.filter { $0.role == .user && !$0.removed }
        return number >= 1 && number <= users.count ? users[number - 1] : nil
    }

    /// Saves a copy of `session`'s conversation as a new session titled `title` (a new id, number
    /// and chat id; messages taken back are left out).
    private func copy(_ session: ChatSession, title: String) async throws -> ChatSession {
        let now = timestamp()
        var copy = ChatSession(title: title, createdAt: now, messages: session.messages.filter { !$0.removed },
                               system: session.system, model: session.model)
        copy.think = session.think
        copy.parameters = session.parameters
        return try await store.update(copy) { _ in }
    }
}

/// The stored session holds messages an `/undo` took back (they are dropped before a new message).
struct RemovedMessagesPending: Error {}

/// A conversation-control command that cannot be done.
public enum ChatControlError: Error, Equatable, LocalizedError {
    /// `/undo` in a session with no message left.
    case nothingToUndo
    /// `/undo --restore` with nothing taken back (or the undo made final by a new message).
    case nothingToRestore
    /// `/fork` before the session has a message.
    case nothingToFork
    /// `/regenerate` or `/alt` when the last message has no complete reply.
    case nothingToRegenerate
    /// `/continue` when the last reply was not cut off.
    case nothingToContinue
    /// `/edit N` for a message that does not exist.
    case noSuchMessage(Int)
    /// `/alt N` for a reply that does not exist (`count` replies do).
    case noSuchAlternative(Int, count: Int)

    /// A user-facing description.
    public var errorDescription: String? {
        switch self {
        case .nothingToUndo: "nothing to undo: no message is left in this session"
        case .nothingToRestore: "nothing to restore: no /undo to take back (a new message makes an undo final)"
        case .nothingToFork: "nothing to fork: this session has no message yet"
        case .nothingToRegenerate: "nothing to regenerate: the last message has no reply (/retry resends a failed one)"
        case .nothingToContinue: "nothing to continue: the last reply was not cut off (by its token limit or Ctrl-C)"
        case .noSuchMessage(let number): "no message \(number): count your messages in /sessions show from 1"
        case .noSuchAlternative(let number, let count): "no reply \(number): the last message has \(count)"
        }
    }
}
