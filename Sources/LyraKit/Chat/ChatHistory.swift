// Which earlier messages a model receives with a new one (SPEC §8 "Request"): the session's
// messages before the prompt, without failed prompts and incomplete replies, the last N of them.
import Foundation

/// Builds the history part of a chat request.
public enum ChatHistory {
    /// The messages of `session` before `promptID` (all of them when it is not found) that a model
    /// should see: user, assistant and tool messages (and stored system ones), leaving out user
    /// messages whose reply failed (with their tool rounds), replies marked incomplete, messages
    /// `/compact` summarised and messages taken back with `/undo`; only the last `limit` when `limit > 0`, never starting with tool
    /// results whose call was cut off. A `/compact` summary is not counted in `limit`: it always
    /// goes, as a system message ahead of the rest (SPEC §12).
    ///
    /// When every message before the prompt is sent (most sessions), the result is that part of the
    /// session's own array, shared rather than copied: a 50,000-message history costs no memory of
    /// its own (issue 34). Whoever holds it should let it go before the session is changed, or the
    /// change copies the session's array.
    public static func messages(before promptID: String, in session: ChatSession, limit: Int) -> ArraySlice<ChatMessage> {
        let all = session.messages
        // From the end: the prompt is usually the last message, and ids are unique.
        let end = all.lastIndex(ofID: promptID) ?? all.endIndex
        var summaries: [ChatMessage] = []
        var afterFailedPrompt = false
        func isSent(_ message: ChatMessage) -> Bool {
            guard !message.compacted, !message.removed else { return false }
            if message.role == .summary {
                summaries.append(ContextSummary.systemMessage(from: message))
                return false
            }
            if message.role == .user { afterFailedPrompt = message.isFailed }
            // The tool rounds of a failed turn go with its prompt (a call may lack its result).
            if afterFailedPrompt && (message.role == .tool || message.toolCalls != nil) { return false }
            guard [ChatRole.user, .assistant, .tool, ChatRole(rawValue: "system")].contains(message.role) else { return false }
            return !message.isFailed && !message.incomplete
        }
        // Shared until the first message left out; from there the sent ones are copied into one
        // array reserved for all of them.
        var copied: [ChatMessage]?
        for index in all[..<end].indices {
            if isSent(all[index]) {
                copied?.append(all[index])
            } else if copied == nil {
                var earlier: [ChatMessage] = []
                earlier.reserveCapacity(end)
                earlier.append(contentsOf: all[..<index])
                copied = earlier
            }
        }
        let earlier = copied.map { $0[...] } ?? all[..<end]
        let kept = limit > 0 ? earlier.suffix(limit).drop { $0.role == .tool } : earlier
        return summaries.isEmpty ? kept : (summaries + kept)[...]
    }
}
