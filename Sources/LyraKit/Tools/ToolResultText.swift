// What a tool's result becomes before the model (and the screen) sees it (SPEC §14): sanitised,
// then capped at 64 KiB of UTF-8, cut at a character boundary, with a note that it was cut.
import Foundation

/// Prepares tool results for a model.
public enum ToolResultText {
    /// The most bytes of a result sent to a model.
    public static let limit = 64 << 10
    /// The answer to a call the user did not allow.
    public static let refused = "error: the user did not allow this call"

    /// `text` sanitised and capped at `limit` bytes (whole characters), with a note when cut.
    public static func prepare(_ text: String, limit: Int = ToolResultText.limit) -> String {
        let clean = TextSanitizer.sanitize(text)
        let total = clean.utf8.count
        guard total > limit else { return clean }
        var kept = 0
        var end = clean.startIndex
        for character in clean {
            let size = character.utf8.count
            guard kept + size <= limit else { break }
            kept += size
            end = clean.index(after: end)
        }
        return String(clean[..<end]) + "\n[the result was cut: \(total) bytes, the first \(kept) sent]"
    }

    /// The text of an error result for a call that failed with `error`.
    public static func failure(_ error: any Error) -> String {
        if let error = error as? MCPError { return "error: \(error.description)" }
        return "error: \(TextSanitizer.singleLine(String(describing: error), limit: 300))"
    }
}
