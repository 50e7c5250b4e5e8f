// The token budget of a chat request (SPEC §12): the system prompt, `/compact` summaries and the new
// message always go; then earlier messages, newest first, while they fit. Walks back only as far as
// it sends, so a 50,000-message session costs what its sent tail costs.
import Foundation

/// What a request sends once its budget is applied: counts only, so that a turn can keep it while
/// the session changes; ``sent(from:)`` gives the messages.
public struct ContextBudget: Sendable, Equatable {
    /// The system messages and summaries that lead the history: always sent.
    public var pinnedMessages = 0
    /// Tokens sent in all: system prompt, history and the new message (learned counts or estimates).
    public var sentTokens: Int
    /// The part of `sentTokens` that is images counted by their estimate.
    public var estimatedImageTokens = 0
    /// Earlier (non-system) messages sent, and how many there were before the budget.
    public var sentMessages: Int
    public var availableMessages: Int

    /// `sentTokens` without the images counted by estimate: what a server's report is compared with
    /// (its count for an image varies from tens to thousands of tokens, so an estimate proves no cut).
    public var textTokens: Int { sentTokens - estimatedImageTokens }

    /// Earlier messages the budget left out.
    public var omittedMessages: Int { availableMessages - sentMessages }

    /// Applies `limit` (nil: no limit) to `history` (already filtered, oldest first) for a request
    /// with `system` and `message` (carrying `images` images, counted by ``TokenCount/imageEstimate``).
    public static func apply(limit: Int?, system: String?, history: ArraySlice<ChatMessage>, message: String,
                             images: Int = 0) -> ContextBudget {
        var fixed = TokenCount.estimate(system ?? "") + TokenCount.estimate(message) + images * TokenCount.imageEstimate
        var firstOrdinary = history.startIndex
        // System messages (a `/compact` summary among them) lead the history and always go.
        while firstOrdinary < history.endIndex, history[firstOrdinary].role.rawValue == "system" {
            fixed += TokenCount.of(history[firstOrdinary])
            firstOrdinary += 1
        }
        let ordinary = history[firstOrdinary...]
        var total = fixed
        var start = ordinary.endIndex
        while start > ordinary.startIndex {
            let count = TokenCount.of(ordinary[start - 1])
            if let limit, total + count > limit { break }
            total += count
            start -= 1
        }
        var budget = ContextBudget(sentTokens: total, sentMessages: ordinary.endIndex - start,
                                   availableMessages: ordinary.count)
        budget.pinnedMessages = firstOrdinary - history.startIndex
        budget.estimatedImageTokens = images * TokenCount.imageEstimate
            + budget.sent(from: history).reduce(0) { $0 + TokenCount.estimatedImages($1) }
        return budget
    }

    /// What is sent of `history` (the history the budget was applied to): the pinned messages and
    /// the newest `sentMessages`; when nothing is left out, `history` itself, shared rather than
    /// copied (a long session's array, issue 34).
    public func sent(from history: ArraySlice<ChatMessage>) -> ArraySlice<ChatMessage> {
        guard omittedMessages > 0 else { return history }
        return (history.prefix(pinnedMessages) + history.suffix(sentMessages))[...]
    }

    /// `sent the last 40 of 212 messages (27.1k tokens); /compact keeps the rest as a summary`,
    /// counting the new message; nil when nothing was left out.
    public var notice: String? {
        guard omittedMessages > 0 else { return nil }
        return "sent the last \(sentMessages + 1) of \(availableMessages + 1) messages "
            + "(\(TokenCount.short(sentTokens)) tokens); /compact keeps the rest as a summary"
    }
}
