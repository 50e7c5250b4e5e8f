// One plan of the paywall as a card (the app's paywall look): title in the top border, price, weekly
// price and badges; the best-value card gets a brand-gradient border when colour is on.

/// Renders a paywall plan card.
public enum PaywallCard {
    /// What a card shows; all text is display-ready (already sanitized).
    public struct Plan: Sendable, Equatable {
        /// The title, e.g. `3 · Yearly`.
        public var title: String
        /// The price line, e.g. `49.99 USD per year`.
        public var price: String
        /// The weekly price line, e.g. `0.95 USD a week`; nil for plans without a period.
        public var weekly: String?
        /// Whether this is the best-value plan (drawn with the gradient border).
        public var isBestValue: Bool
        /// A note when this plan is the active one, e.g. `active until 2027-11-29`.
        public var activeNote: String?

        /// Creates a plan card's content.
        public init(title: String, price: String, weekly: String?, isBestValue: Bool, activeNote: String?) {
            self.title = title
            self.price = price
            self.weekly = weekly
            self.isBestValue = isBestValue
            self.activeNote = activeNote
        }
    }

    /// The outer width of a card when the terminal is wider.
    public static let preferredWidth = 44
    /// Below this width the card's lines are printed without a box.
    public static let minimumWidth = 20
    /// The mark of the best-value plan.
    public static let bestValueMark = "★ best value"
    /// The mark of the active plan.
    public static let activeMark = "✓"

    /// The card's lines joined by `\n`, no final newline, `min(width, preferredWidth)` columns wide.
    /// - Parameter highlighted: which card gets the gradient border (the picker's selection);
    ///   nil: the best-value card.
    public static func render(_ plan: Plan, width: Int, theme: Theme, highlighted: Bool? = nil) -> String {
        var rows: [(String, Theme.Style?)] = [(plan.price, nil)]
        if let weekly = plan.weekly { rows.append((weekly, .muted)) }
        if plan.isBestValue { rows.append((bestValueMark, .accent)) }
        if let note = plan.activeNote { rows.append((activeMark + " " + note, .success)) }
        guard width >= minimumWidth else {
            let texts = [plan.title] + rows.map(\.0)
            return texts.flatMap { TextWrapper.wrap($0, width: max(width, 1)) }.joined(separator: "\n")
        }
        let inner = min(width, preferredWidth) - 4
        let title = DisplayWidth.truncate(plan.title, toColumns: inner - 2)
        let top = "╭─ " + title + " " + String(repeating: "─", count: inner - 1 - DisplayWidth.columns(of: title)) + "╮"
        let bottom = "╰" + String(repeating: "─", count: inner + 2) + "╯"
        let border = Border(highlighted: highlighted ?? plan.isBestValue, theme: theme)
        var lines = [border.horizontal(top, title: title)]
        for (text, style) in rows {
            for piece in TextWrapper.wrap(text, width: inner) {
                let pad = String(repeating: " ", count: max(inner - DisplayWidth.columns(of: piece), 0))
                let body = style.map { theme.paint(piece, $0) } ?? piece
                lines.append(border.left + " " + body + pad + " " + border.right)
            }
        }
        lines.append(border.horizontal(bottom, title: nil))
        return lines.joined(separator: "\n")
    }

    /// How the border is painted: muted, or the brand gradient for the highlighted card.
    private struct Border {
        let highlighted: Bool
        let theme: Theme

        var gradient: Bool { highlighted && theme.colorLevel != .none }

        var left: String {
            gradient ? GradientText.render("│", stops: [Palette.violet.rgb], level: theme.colorLevel)
                : theme.paint("│", .muted)
        }

        var right: String {
            gradient ? GradientText.render("│", stops: [Palette.orange.rgb], level: theme.colorLevel)
                : theme.paint("│", .muted)
        }

        /// A top or bottom border line; a plain card's title is painted as a heading.
        func horizontal(_ line: String, title: String?) -> String {
            if gradient { return GradientText.render(line, stops: Palette.brandGradient, level: theme.colorLevel) }
            guard let title, let range = line.range(of: " " + title + " ") else { return theme.paint(line, .muted) }
            return theme.paint(String(line[..<range.lowerBound]) + " ", .muted) + theme.paint(title, .heading)
                + theme.paint(" " + String(line[range.upperBound...]), .muted)
        }
    }
}
