// Which earlier messages a model receives with a new one (SPEC §8 "Request"): the session's
// messages before the prompt, without failed prompts and incomplete replies, the last N of them.
import Foundation

/// Builds the history part of a chat request.
public enum ChatHistory {
    /// The messages of `session` before `promptID` (all of them when it is not found) that a model
    /// should see: user and assistant messages (and stored system ones), leaving out user messages
    /// whose reply failed, replies marked incomplete and messages taken back with `/undo`; only the last `limit` when `limit > 0`.
    public static func messages(before promptID: String, in session: ChatSession, limit: Int) -> [ChatMessage] {
        let end = session.messages.firstIndex { $0.id == promptID } ?? session.messages.endIndex
        let earlier = session.messages[..<end].filter { message in
            guard [ChatRole.user, .assistant, ChatRole(rawValue: "system")].contains(message.role) else { return false }
            return !message.isFailed && !message.incomplete && !message.removed
        }
        return limit > 0 ? Array(earlier.suffix(limit)) : earlier
    }
}
