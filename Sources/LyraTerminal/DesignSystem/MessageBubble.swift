// A chat message drawn as a rounded bubble with a role label, wrapped to the terminal's width.
// The app's MessageBubble: assistant on the left, user on the right; server text is sanitised first.
import LyraKit

/// Renders a chat message as a bubble.
public enum MessageBubble {
    /// Who wrote the message; decides the label, the colours and the alignment.
    public enum Role: Sendable, CaseIterable {
        case user, assistant, system

        /// The label shown in the bubble's top border.
        public var label: String {
            switch self {
            case .user: ChatRole.user.speaker.lowercased()
            case .assistant: ChatRole.assistant.speaker.lowercased()
            case .system: "system"
            }
        }

        /// The style of the border and label.
        var style: Theme.Style {
            switch self {
            case .user: .user
            case .assistant: .assistant
            case .system: .muted
            }
        }
    }

    /// Below this width a bubble would not fit: the text is wrapped without a box.
    public static let minimumWidth = 20
    /// The columns a user bubble leaves free at least on its left.
    public static let userIndent = 4

    /// The message as a bubble no wider than `width`, lines joined by `\n`, no final newline.
    ///
    /// The text is sanitised (``TextSanitizer``), trailing whitespace removed and wrapped by display
    /// width. The bubble is as wide as its longest line (and its label); assistant and system
    /// bubbles start at column 0, user bubbles end at the right edge and leave ``userIndent``
    /// columns free. Below ``minimumWidth`` the wrapped text is returned without a box.
    public static func render(_ text: String, role: Role, width: Int, theme: Theme) -> String {
        let clean = trimmingTrailingWhitespace(TextSanitizer.sanitize(text))
        guard width >= minimumWidth else {
            return TextWrapper.wrap(clean, width: width).joined(separator: "\n")
        }
        let maxOuter = role == .user ? width - userIndent : width
        let maxInner = maxOuter - RoundedBox.chrome
        let textStyle: Theme.Style? = role == .system ? .muted : nil
        let rows = TextWrapper.wrap(clean, width: maxInner).map { RoundedBox.Row(text: $0, style: textStyle) }
        let contentWidth = rows.map(\.width).max() ?? 0
        let inner = min(maxInner, max(contentWidth, RoundedBox.minimumInnerWidth(label: role.label)))
        let box = RoundedBox(
            rows: rows,
            innerWidth: inner, label: role.label, labelStyle: role.style, borderStyle: role.style,
            indent: role == .user ? width - inner - RoundedBox.chrome : 0)
        return box.lines(theme: theme).joined(separator: "\n")
    }

    /// `text` without spaces, tabs and newlines at its end.
    private static func trimmingTrailingWhitespace(_ text: String) -> String {
        guard let last = text.lastIndex(where: { $0 != " " && $0 != "\t" && $0 != "\n" }) else { return "" }
        return String(text[...last])
    }
}
