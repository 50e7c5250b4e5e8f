// One change to a stored session, small enough to be appended to the session's journal as part of a
// line (docs/JOURNAL.md): a message appended, inserted or replaced, a `failed` flag, or the members.
import Foundation

/// A change to a session that the journal can record without rewriting the session file.
public enum SessionEdit: Equatable, Sendable {
    /// Adds a message at the end.
    case append(ChatMessage)
    /// Inserts a message before position `index` (another process appended after the prompt).
    case insert(index: Int, message: ChatMessage)
    /// Replaces the message at `index` (an incomplete reply superseded by `/retry`).
    case set(index: Int, message: ChatMessage)
    /// Sets the `failed` flag of the user message at `index`.
    case failed(index: Int, failed: Bool)
    /// Sets the session's own members (all but its messages: title, chat id, update time, model, …).
    case meta(SessionMeta)

    /// Applies the edit to `session`; an index out of range (a line damaged by hand) changes nothing.
    func apply(to session: inout ChatSession) {
        switch self {
        case .append(let message):
            session.messages.append(message)
        case .insert(let index, let message):
            guard index >= 0, index <= session.messages.count else { return }
            session.messages.insert(message, at: index)
        case .set(let index, let message):
            guard session.messages.indices.contains(index) else { return }
            session.messages[index] = message
        case .failed(let index, let failed):
            guard session.messages.indices.contains(index), session.messages[index].role == .user else { return }
            session.messages[index].failed = failed
        case .meta(let meta):
            meta.apply(to: &session)
        }
    }

    /// The message the edit adds or replaces, if any.
    var message: ChatMessage? {
        switch self {
        case .append(let message), .insert(_, let message), .set(_, let message): return message
        case .failed, .meta: return nil
        }
    }
}
