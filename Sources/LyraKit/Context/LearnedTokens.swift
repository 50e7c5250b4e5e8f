// Learning message sizes from `usage` (SPEC §12): a reply's prompt tokens are the system prompt, the
// history sent and the new message; what is left after the counts Lyra already has is the new
// message's size. A reply's own size is its completion tokens (less reasoning, never sent back).
import Foundation

/// Derives per-message token counts from a reply's usage.
public enum LearnedTokens {
    /// The new message's count: the reported prompt tokens less what the rest of the request counted
    /// (`sent` less the message's own estimate); nil when usage is missing, the prompt was cut, or
    /// the difference is not positive.
    public static func prompt(_ message: String, usage: TokenUsage?, sent: Int, window: Int?) -> Int? {
        guard let reported = usage?.promptTokens, reported > 0,
              !SilentTruncation.isTruncated(reported: reported, sent: sent, window: window) else { return nil }
        let others = sent - TokenCount.estimate(message)
        let own = reported - others
        return own > 0 ? own : nil
    }

    /// The reply's count: its completion tokens, less reasoning tokens; nil when the reply had
    /// reasoning the server did not count apart, or nothing was reported.
    public static func reply(usage: TokenUsage?, hasReasoning: Bool) -> Int? {
        guard let completion = usage?.completionTokens, completion > 0 else { return nil }
        if let reasoning = usage?.reasoningTokens { return completion - reasoning > 0 ? completion - reasoning : nil }
        return hasReasoning ? nil : completion
    }
}

extension LearnedTokens {
    /// The edit that stores `tokens` on message `id` of `session`, once: none when the message is
    /// gone or already has a count.
    static func edits(_ tokens: Int?, for id: String, in session: ChatSession) -> [SessionEdit] {
        guard let tokens, var message = session.messages.lastIndex(ofID: id).map({ session.messages[$0] }), message.tokens == nil else {
            return []
        }
        message.tokens = tokens
        return [.replace(id, with: message)]
    }
}
