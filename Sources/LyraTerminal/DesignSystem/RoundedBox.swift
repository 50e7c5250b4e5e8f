// Draws a rounded box (╭─╮ │ ╰─╯) around lines of text, padded by display width.
// Used by ToolCard; the caller has already wrapped the lines to fit.

/// A rounded box around pre-wrapped lines, with an optional label in the top border.
struct RoundedBox {
    /// One row of content and the style it is painted in (`nil`: unstyled).
    struct Row {
        var text: String
        var style: Theme.Style?
        /// The display width of `text`, measured once.
        var width: Int

        init(text: String, style: Theme.Style?) {
            self.text = text
            self.style = style
            self.width = DisplayWidth.columns(of: text)
        }
    }

    /// The columns between the text and the inner edge of the box, on each side.
    static let padding = 1
    /// The columns the border and padding add to the content width.
    static let chrome = 2 + 2 * padding

    var rows: [Row]
    /// The content width; every row must fit in it.
    var innerWidth: Int
    var label: String?
    var labelStyle: Theme.Style
    var borderStyle: Theme.Style
    /// Spaces before each line of the box.
    var indent: Int = 0

    /// The narrowest content width that leaves room for the label in the top border.
    static func minimumInnerWidth(label: String?) -> Int {
        guard let label else { return 1 }
        return DisplayWidth.columns(of: label) + 2
    }

    /// The box's lines, top border to bottom border.
    func lines(theme: Theme) -> [String] {
        let margin = String(repeating: " ", count: max(indent, 0))
        let rule = { (count: Int) in String(repeating: "─", count: max(count, 0)) }
        var top = theme.paint("╭" + rule(innerWidth + 2) + "╮", borderStyle)
        if let label {
            let rest = innerWidth + 2 - 3 - DisplayWidth.columns(of: label)
            top = theme.paint("╭─ ", borderStyle) + theme.paint(label, labelStyle)
                + theme.paint(" " + rule(rest) + "╮", borderStyle)
        }
        let side = theme.paint("│", borderStyle)
        var result = [margin + top]
        for row in rows {
            let pad = String(repeating: " ", count: max(innerWidth - row.width, 0))
            let body = row.style.map { theme.paint(row.text, $0) } ?? row.text
            result.append(margin + side + " " + body + pad + " " + side)
        }
        result.append(margin + theme.paint("╰" + rule(innerWidth + 2) + "╯", borderStyle))
        return result
    }
}
