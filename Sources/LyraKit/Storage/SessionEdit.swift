// One change to a stored session, small enough to be appended to the session's journal as part of a
// line (docs/JOURNAL.md). Every edit names the messages it touches by id, never by position, so
// applying a line again (after a fold that crashed before it emptied the journal, or over a session
// file that was touched or copied back) gives the same session: edits are idempotent.
import Foundation

/// A change to a session that the journal can record without rewriting the session file.
public enum SessionEdit: Equatable, Sendable {
    /// Adds a message at the end (or replaces the message with its id, wherever it is).
    case append(ChatMessage)
    /// Puts a message right after the message `after` (a reply after its prompt when another process
    /// appended meanwhile), at the end when that is gone, or in place of the message with its id.
    case insert(ChatMessage, after: String)
    /// Replaces the message `replacing` (an incomplete reply superseded by `/retry`); appended when
    /// neither it nor a message with the new message's id is there.
    case replace(String, with: ChatMessage)
    /// Sets the `failed` flag of the user message `id` (nothing when it is gone).
    case failed(id: String, failed: Bool)
    /// Sets the session's own members (all but its messages: title, chat id, update time, model, …).
    case meta(SessionMeta)

    /// Applies the edit to `session`.
    func apply(to session: inout ChatSession) {
        switch self {
        case .append(let message):
            Self.put(message, in: &session) { $0.messages.append(message) }
        case .insert(let message, let after):
            Self.put(message, in: &session) { session in
                guard let index = session.messages.lastIndex(ofID: after) else {
                    return session.messages.append(message)
                }
                session.messages.insert(message, at: index + 1)
            }
        case .replace(let old, let message):
            Self.put(message, in: &session) { session in
                guard let index = session.messages.lastIndex(ofID: old) else {
                    return session.messages.append(message)
                }
                session.messages[index] = message
            }
        case .failed(let id, let failed):
            guard let index = session.messages.lastIndex(ofID: id),
                  session.messages[index].role == .user else { return }
            session.messages[index].failed = failed
        case .meta(let meta):
            meta.apply(to: &session)
        }
    }

    /// Replaces the message with `message`'s id in place when there is one, else runs `add`.
    private static func put(_ message: ChatMessage, in session: inout ChatSession,
                            add: (inout ChatSession) -> Void) {
        if let index = session.messages.lastIndex(ofID: message.id) {
            session.messages[index] = message
        } else {
            add(&session)
        }
    }

    /// The message the edit adds or replaces, if any.
    var message: ChatMessage? {
        switch self {
        case .append(let message), .insert(let message, _), .replace(_, let message): return message
        case .failed, .meta: return nil
        }
    }
}
