// A small card presenting one tool (/improve, /video, /subscribe) in /help: the app's AIToolCard.
// Title, a wrapped summary and the command's usage inside a rounded box of a fixed width.

/// Renders a tool card.
public enum ToolCard {
    /// The outer width of a card when the terminal is wider, so cards in /help line up.
    public static let preferredWidth = 56
    /// Below this width the card's text is printed without a box.
    public static let minimumWidth = 20

    /// The card, lines joined by `\n`, no final newline.
    ///
    /// The card is `min(width, preferredWidth)` columns wide: a muted border around the title
    /// (heading style), the summary wrapped by display width, and the command (code style).
    /// Below ``minimumWidth`` the three parts are wrapped to `width` without a box or colour.
    /// - Parameters:
    ///   - title: the tool's name, e.g. `Improve writing`.
    ///   - summary: one or two sentences on what it does.
    ///   - command: its usage, e.g. `/improve [MODE] TEXT`.
    public static func render(title: String, summary: String, command: String, width: Int, theme: Theme) -> String {
        let parts = [title, summary, command]
        guard width >= minimumWidth else {
            return parts.flatMap { TextWrapper.wrap($0, width: width) }.joined(separator: "\n")
        }
        let inner = min(width, preferredWidth) - RoundedBox.chrome
        let styles: [Theme.Style] = [.heading, .accent, .code]
        var rows: [RoundedBox.Row] = []
        for (part, style) in zip(parts, styles) {
            let rowStyle: Theme.Style? = style == .accent ? nil : style
            rows += TextWrapper.wrap(part, width: inner).map { RoundedBox.Row(text: $0, style: rowStyle) }
        }
        let box = RoundedBox(rows: rows, innerWidth: inner, label: nil, labelStyle: .muted, borderStyle: .muted)
        return box.lines(theme: theme).joined(separator: "\n")
    }
}
