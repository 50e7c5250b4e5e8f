// Token counts of messages (SPEC §12): the count Lyra learned from a server's `usage` where it has
// one, else an estimate of one token per 4 bytes of UTF-8. Cheap: a string's UTF-8 length is O(1).
import Foundation

/// Counts and formats tokens.
public enum TokenCount {
    /// The estimate for `text`: one token per 4 bytes, rounded up, at least 1 for non-empty text.
    public static func estimate(_ text: String) -> Int {
        (text.utf8.count + 3) / 4
    }

    /// What one image counts for while the server has reported nothing (SPEC §13): about what
    /// OpenAI charges for a high-detail tile and its base, within the range llama.cpp's vision
    /// projectors use (256–1,024).
    public static let imageEstimate = 768

    /// What `message` costs in a request: its learned `tokens` (images included), else the estimate
    /// of its content and its images.
    public static func of(_ message: ChatMessage) -> Int {
        message.tokens ?? estimate(message.content) + estimatedImages(message)
    }

    /// The part of ``of(_:)`` that is images counted by ``imageEstimate`` (0 once the count is learned).
    public static func estimatedImages(_ message: ChatMessage) -> Int {
        message.tokens == nil ? message.attachments.filter(\.isImage).count * imageEstimate : 0
    }

    /// `812`, `7.9k`, `27.1k`, `32k`, `128k`: k is 1,000, with one decimal below 10k, rounded down
    /// (so a figure never claims more room than there is).
    public static func short(_ count: Int) -> String {
        if count < 1000 { return String(count) }
        if count < 10_000 {
            let tenths = count / 100
            return tenths % 10 == 0 ? "\(tenths / 10)k" : "\(tenths / 10).\(tenths % 10)k"
        }
        return "\(count / 1000)k"
    }
}
