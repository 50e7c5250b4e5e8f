// Where a reply goes in a session (pure, so the rule is tested on its own): right after its
// prompt, replacing an incomplete reply that a retry supersedes; the prompt marked sent or not.
// Expressed as `SessionEdit`s, so that the store can append them to the session's journal.
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
        let changes = edits(reply, answering: prompt, complete: complete, conversationID: conversationID,
                            model: model, at: now, in: session)
        for edit in changes { edit.apply(to: &session) }
    }

    /// The edits that record `reply` in `session` (see `record`), in the order they apply.
    public static func edits(_ reply: ChatMessage, answering prompt: ChatMessage, complete: Bool,
                             conversationID: String?, model: String?, at now: Date,
                             in session: ChatSession) -> [SessionEdit] {
        var edits: [SessionEdit] = []
        if let index = session.messages.lastIndex(ofID: prompt.id) {
            edits.append(.failed(id: prompt.id, failed: !complete))
            let next = session.messages.index(after: index)
            if next < session.messages.endIndex, session.messages[next].role == .assistant,
               session.messages[next].incomplete {
                edits.append(.replace(session.messages[next].id, with: reply))
            } else if next == session.messages.endIndex {
                edits.append(.append(reply))
            } else {
                edits.append(.insert(reply, after: prompt.id))
            }
        } else {
            var restored = prompt
            restored.failed = !complete
            edits += [.append(restored), .append(reply)]
        }
        var meta = SessionMeta(session)
        if let conversationID, !conversationID.isEmpty { meta.chatID = conversationID }
        if let model { meta.model = model }
        meta.updatedAt = max(meta.updatedAt, now)
        edits.append(.meta(meta))
        return edits
    }
}
