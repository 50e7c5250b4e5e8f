// The muted line after a reply on a terminal (SPEC §8): the model, the tokens, the speed.
import Foundation
import LyraKit

/// Text of the line shown after a streamed reply.
enum ReplyFooter {
    /// Shown when the server stopped at the model's token limit (`finish_reason: "length"`).
    static let cutAtLimit = "reply cut at the model's token limit"

    /// `model · 12 + 85 tokens · 41.3 tok/s`; parts that are unknown are left out; nil when nothing is known.
    static func line(model: String?, usage: TokenUsage?, seconds: Double) -> String? {
        var parts: [String] = []
        if let model, !model.isEmpty { parts.append(TextSanitizer.sanitize(model)) }
        if let completion = usage?.completionTokens {
            if let prompt = usage?.promptTokens {
                parts.append("\(prompt) + \(completion) tokens")
            } else {
                parts.append("\(completion) tokens")
            }
            if seconds > 0.05, completion > 1 {
                parts.append(String(format: "%.1f tok/s", Double(completion) / seconds))
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
