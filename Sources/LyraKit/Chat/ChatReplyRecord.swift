// Where a reply goes in a session (pure, so the rule is tested on its own): right after its
// prompt, replacing an incomplete reply that a retry supersedes; the prompt marked sent or not.
import Foundation

/// Puts replies into sessions.
public enum ChatReplyRecord {
    /// Records `reply` as the answer to `prompt` in `session`.
    ///
    /// The reply goes right after the prompt, replacing an incomplete assistant reply already there
    /// (an earlier cut-off answer that this one supersedes). The prompt's `failed` flag becomes
    /// `!complete`. When the prompt is gone (another process removed it), prompt and reply are
    /// appended at the end. A non-empty `conversationID` different from the session's is adopted.
    public static func record(_ reply: ChatMessage, answering prompt: ChatMessage, complete: Bool,
                              conversationID: String?, model: String?, at now: Date, in session: inout ChatSession) {
        if let index = session.messages.firstIndex(where: { $0.id == prompt.id }) {
            session.messages[index].failed = !complete
            let next = session.messages.index(after: index)
            if next < session.messages.endIndex, session.messages[next].role == .assistant,
               session.messages[next].incomplete {
                session.messages[next] = reply
            } else {
                session.messages.insert(reply, at: next)
            }
        } else {
            var restored = prompt
            restored.failed = !complete
            session.messages.append(contentsOf: [restored, reply])
        }
        if let conversationID, !conversationID.isEmpty, conversationID != session.chatID {
            session.chatID = conversationID
        }
        if let model { session.model = model }
        session.updatedAt = max(session.updatedAt, now)
    }
}
