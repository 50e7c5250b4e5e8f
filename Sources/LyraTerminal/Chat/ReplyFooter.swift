// The muted line after a reply on a terminal (SPEC §8, §12): the model, the context in use when the
// window is known, the tokens, the speed.
import Foundation
import LyraKit

/// Text of the line shown after a streamed reply.
enum ReplyFooter {
    /// Shown when the server stopped at the model's token limit (`finish_reason: "length"`).
    static let cutAtLimit = "reply cut at the model's token limit"

    /// From this share of the window on, the footer is highlighted and says how to make room.
    static let nearlyFullPercent = 80
    /// What the highlighted footer adds.
    static let makeRoomHint = "/compact or /new will make room"

    /// `model · 12 + 85 tokens · 41.3 tok/s`, or with a known `window`
    /// `model · 7.9k / 32k context · 85 tokens · 41.3 tok/s` (used: the reply's prompt and completion
    /// tokens), with `· 83% full: /compact or /new will make room` at 80 % and above (`nearlyFull`).
    /// Parts that are unknown are left out; nil when nothing is known.
    static func line(model: String?, usage: TokenUsage?, seconds: Double, window: Int?)
        -> (text: String, nearlyFull: Bool)? {
        guard let window, let prompt = usage?.promptTokens, let completion = usage?.completionTokens, window > 0 else {
            return line(model: model, usage: usage, seconds: seconds).map { ($0, false) }
        }
        var parts: [String] = []
        if let model, !model.isEmpty { parts.append(TextSanitizer.sanitize(model)) }
        let used = prompt + completion
        parts.append("\(TokenCount.short(used)) / \(TokenCount.short(window)) context")
        parts.append("\(completion) tokens")
        if seconds > 0.05, completion > 1 { parts.append(String(format: "%.1f tok/s", Double(completion) / seconds)) }
        let percent = used * 100 / window
        guard percent >= nearlyFullPercent else { return (parts.joined(separator: " · "), false) }
        parts.append("\(percent)% full: \(makeRoomHint)")
        return (parts.joined(separator: " · "), true)
    }

    /// `text` (parts joined by ` · `) laid out in lines of at most `width` columns: broken only
    /// between parts (the ` · ` dropped at a break), a part wider than the line wrapped by words.
    static func fitted(_ text: String, width: Int) -> [String] {
        let separator = " · "
        var lines: [String] = []
        var current = ""
        for part in text.components(separatedBy: separator) {
            let joined = current.isEmpty ? part : current + separator + part
            if DisplayWidth.columns(of: joined) <= width {
                current = joined
                continue
            }
            if !current.isEmpty { lines.append(current) }
            let pieces = TextWrapper.wrap(part, width: width)
            lines += pieces.dropLast()
            current = pieces.last ?? ""
        }
        lines.append(current)
        return lines
    }

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
