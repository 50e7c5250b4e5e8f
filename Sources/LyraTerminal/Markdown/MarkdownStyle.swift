// The looks a rendered Markdown span can combine (bold inside a link, code inside a heading),
// turned into one SGR sequence per span for the theme's colour level; nothing at level none.

/// A set of Markdown span looks; a span may combine several.
struct MarkdownStyle: OptionSet, Sendable, Hashable {
    let rawValue: UInt16

    /// Creates a style from its bits.
    init(rawValue: UInt16) { self.rawValue = rawValue }

    /// `**strong**` text.
    static let strong = MarkdownStyle(rawValue: 1 << 0)
    /// `*emphasised*` text.
    static let emphasis = MarkdownStyle(rawValue: 1 << 1)
    /// `~~struck~~` text.
    static let strikethrough = MarkdownStyle(rawValue: 1 << 2)
    /// `inline code` and code block text.
    static let code = MarkdownStyle(rawValue: 1 << 3)
    /// Heading text.
    static let heading = MarkdownStyle(rawValue: 1 << 4)
    /// Secondary marks: URLs, heading markers, rules, language labels.
    static let muted = MarkdownStyle(rawValue: 1 << 5)
    /// Block quote text.
    static let quote = MarkdownStyle(rawValue: 1 << 6)
    /// The text of a link.
    static let link = MarkdownStyle(rawValue: 1 << 7)
    /// A keyword in highlighted code.
    static let keyword = MarkdownStyle(rawValue: 1 << 8)
    /// A string literal in highlighted code.
    static let string = MarkdownStyle(rawValue: 1 << 9)
    /// A comment in highlighted code.
    static let comment = MarkdownStyle(rawValue: 1 << 10)
    /// A list marker or table header.
    static let marker = MarkdownStyle(rawValue: 1 << 11)
}

extension Theme {
    /// `text` in the Markdown `style`: one opening sequence and a reset, or `text` itself when the
    /// style is empty, the text is empty or the colour level is none.
    func paint(_ text: String, markdown style: MarkdownStyle) -> String {
        let opening = markdownOpeningSequence(for: style)
        guard !opening.isEmpty, !text.isEmpty else { return text }
        return opening + text + Theme.resetSequence
    }

    /// The SGR sequence that starts a Markdown `style`, empty at level none or for no style.
    func markdownOpeningSequence(for style: MarkdownStyle) -> String {
        guard colorLevel != .none, !style.isEmpty else { return "" }
        var parameters = MarkdownStyle.attributes(of: style).map(String.init)
        if let color = MarkdownStyle.color(of: style)?.foregroundParameters(at: colorLevel) {
            parameters.append(color)
        }
        return parameters.isEmpty ? "" : "\u{1B}[" + parameters.joined(separator: ";") + "m"
    }
}

extension MarkdownStyle {
    /// The SGR attributes (bold, italic, underline, strike) of a combined style.
    static func attributes(of style: MarkdownStyle) -> [Int] {
        var attributes: [Int] = []
        if !style.isDisjoint(with: [.strong, .heading, .marker]) { attributes.append(Theme.Attribute.bold) }
        if !style.isDisjoint(with: [.emphasis, .quote, .comment]) { attributes.append(Theme.Attribute.italic) }
        if style.contains(.link) { attributes.append(Theme.Attribute.underline) }
        if style.contains(.strikethrough) { attributes.append(Theme.Attribute.strikethrough) }
        return attributes
    }

    /// The foreground colour of a combined style: the most specific look wins.
    static func color(of style: MarkdownStyle) -> PaletteColor? {
        if style.contains(.comment) || style.contains(.muted) { return Palette.slate }
        if style.contains(.keyword) { return Palette.violet }
        if style.contains(.string) { return Palette.green }
        if style.contains(.code) { return Palette.peach }
        if style.contains(.heading) { return Palette.pink }
        if style.contains(.link) { return Palette.sky }
        if style.contains(.quote) { return Palette.lavender }
        if style.contains(.marker) { return Palette.violet }
        return nil
    }
}
