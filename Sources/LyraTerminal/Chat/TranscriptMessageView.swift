// One message of `/sessions show`, drawn as the live REPL showed it: yours after the prompt
// (`lyra › …`, the text as typed, wrapped by words under itself), Lyra's reply under its `╭─ lyra`
// label rendered from Markdown by the live renderer (or as plain text with render plain), other
// messages (a /compact summary) muted and indented. No boxes: copying a line copies its text only.
import LyraKit

/// Renders a stored message for a terminal transcript.
enum TranscriptMessageView {
    /// The screen lines of `message` at `width` columns, its text sanitised.
    static func lines(of message: ChatMessage, width: Int, theme: Theme, render: RenderMode) -> [String] {
        let text = trimmingTrailingWhitespace(TextSanitizer.sanitize(message.content))
        switch message.role {
        case .user:
            return sent(text, width: width, theme: theme)
        case .assistant:
            let body = render == .markdown
                ? MarkdownRenderer.render(message.content, width: width, theme: theme, keepsMarkers: theme.colorLevel == .none)
                : TextWrapper.wrap(text, width: width)
            return [theme.paint("╭─ lyra", .assistant)] + body
        default:
            return TextWrapper.wrap(text, width: max(1, width - 2)).map { $0.isEmpty ? "" : theme.paint("  " + $0, .muted) }
        }
    }

    /// A message you sent: the prompt's `lyra ›`, then the text; its further lines (wrapped or
    /// written) start under the text's first column.
    static func sent(_ text: String, width: Int, theme: Theme) -> [String] {
        let segments = [PromptText.name, PromptText.end]
        let prompt = segments.map { theme.paint($0.0, $0.1) }.joined()
        let indent = DisplayWidth.columns(of: segments.map(\.0).joined()) + 1
        // Too narrow a terminal for a hanging indent: the text wraps at the full width under the prompt.
        guard width - indent >= 10 else { return [prompt] + TextWrapper.wrap(text, width: width) }
        let spaces = String(repeating: " ", count: indent)
        return TextWrapper.wrap(text, width: width - indent).enumerated().map { index, line in
            if index == 0 { return line.isEmpty ? prompt : prompt + " " + line }
            return line.isEmpty ? "" : spaces + line
        }
    }

    /// `text` without spaces, tabs and newlines at its end.
    private static func trimmingTrailingWhitespace(_ text: String) -> String {
        guard let last = text.lastIndex(where: { $0 != " " && $0 != "\t" && $0 != "\n" }) else { return "" }
        return String(text[...last])
    }
}
