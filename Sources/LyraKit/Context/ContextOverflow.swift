// A request the server refused as longer than its window (SPEC §12: "budgeted instead of failing").
// Lyra's counts are partly estimates, so a budgeted request can still be too long; the refusal
// usually says how long it really was (llama.cpp: "request (666 tokens) exceeds the available
// context size (512 tokens)"; OpenAI: "maximum context length is 8192 tokens … resulted in 9000
// tokens"). The request is sent again, once or twice, with a budget scaled by what the server counted.
import Foundation

/// How a turn refused for its length is budgeted again.
public enum ContextOverflow {
    /// How many times a refused turn is sent again.
    public static let maxRetries = 2

    /// The token limit for sending again a request of `sent` tokens (Lyra's count) that the server
    /// refused with `message`: the window (from the message, else `window`) less a tenth, scaled by
    /// how much the server counted over Lyra; half of `sent` when the message says no numbers.
    /// Nil when no smaller limit makes sense.
    public static func retryLimit(sent: Int, message: String, window: Int?) -> Int? {
        guard sent > 1 else { return nil }
        let numbers = tokenCounts(in: message)
        let counted = numbers.max()
        let size = numbers.count >= 2 ? numbers.min() : window
        var limit = sent / 2
        if let counted, let size, counted > size, counted > 0 {
            limit = Int(Double(size) * 0.9 * Double(sent) / Double(counted))
        }
        limit = min(limit, sent - 1)
        return limit > 0 ? limit : nil
    }

    /// The whole numbers followed by the word `tokens` in `message`, in order.
    static func tokenCounts(in message: String) -> [Int] {
        let words = message.split(whereSeparator: { $0.isWhitespace || $0 == "(" || $0 == ")" || $0 == "," })
        var counts: [Int] = []
        for (index, word) in words.enumerated() where index + 1 < words.count {
            if words[index + 1].lowercased().hasPrefix("token"), let number = Int(word) { counts.append(number) }
        }
        return counts
    }

    /// A refusal for length that a smaller budget may cure, and that budget.
    struct Refused: Error {
        var limit: Int
    }

    /// `Refused` with a smaller limit when `error` refused `budget` for its length, earlier messages
    /// were sent, and `options` has retries left; else nil.
    static func retry(after error: any Error, budget: ContextBudget, options: ChatTurnOptions) -> Refused? {
        guard options.contextOverflows < maxRetries, budget.sentMessages > 0,
              case ProviderError.contextTooLong(let message) = error,
              let limit = retryLimit(sent: budget.sentTokens, message: message, window: options.contextWindow)
        else { return nil }
        return Refused(limit: limit)
    }
}
