// The screen lines of each kind of Markdown source line: headings with a muted `#` marker, rules,
// quotes (indented, no border), list items with hanging indents, paragraphs, fence labels.

extension MarkdownStreamRenderer {
    /// The lines of one classified source line (outside code blocks and tables).
    mutating func render(_ kind: MarkdownLine) -> [String] {
        switch kind {
        case .paragraph, .quote, .listItem: break
        default: emphasis.end()
        }
        switch kind {
        case .blank:
            return []
        case .fence(let marker, let length, let indent, let info):
            return openFence(marker: marker, length: length, indent: indent, info: info)
        case .heading(let level, let text):
            list.close()
            let marker = StyledRun(String(repeating: "#", count: level) + " ", .muted)
            return wrap(InlineMarkdown.render(text, style: .heading), prefix: [marker], indent: level + 1)
        case .rule:
            list.close()
            return [theme.paint(String(repeating: "─", count: width), markdown: .muted)]
        case .quote(let depth, let text):
            list.close()
            let indent = nestedIndent(depth)
            if case .fence(let marker, let length, _, let info) = MarkdownLine.classify(text) {
                // A code block inside the quote: its lines are the quote's, shown as code at the quote's indentation.
                return openFence(marker: marker, length: length, indent: indent, info: info, quoteDepth: depth)
            }
            return wrap(emphasis.render(text, style: .quote, quoteDepth: depth), prefix: [StyledRun(spaces(indent))], indent: indent)
        case .listItem(let indent, let marker, let ordered, let text):
            return renderItem(indent: indent, marker: marker, ordered: ordered, text: text)
        case .paragraph(let indent, let text):
            // Right after a line of text it goes on with that text; after a blank line its indentation
            // says which item it belongs to.
            let column = !list.isOpen || indent == 0 ? 0
                : owesBlankLine ? list.contentColumn(forLineIndentedBy: indent) : list.contentColumn
            if column == 0 { list.close() }
            return wrap(emphasis.render(Self.withoutHardBreak(text)), prefix: [StyledRun(spaces(column))],
                        indent: column)
        }
    }

    /// Opens a code block (in a block quote `quoteDepth` deep, or 0) and returns its label line:
    /// the language, muted, or without colour the fence as written.
    private mutating func openFence(marker: Character, length: Int, indent: Int, info: String, quoteDepth: Int = 0) -> [String] {
        emphasis.end()
        fence = OpenFence(marker: marker, length: length, highlighter: CodeHighlighter(language: CodeLanguage.named(info)),
                          quoteDepth: quoteDepth)
        let label = info.split(separator: " ").first.map(String.init) ?? ""
        if keepsMarkers { return [spaces(indent) + String(repeating: marker, count: length) + label] }
        return label.isEmpty ? [] : [spaces(indent) + theme.paint(label, markdown: .muted)]
    }

    /// A list item: `•` (`◦` one level down, alternating) or its number, then its text with a
    /// hanging indent; a nested item starts where its parent's text starts.
    private mutating func renderItem(indent: Int, marker: String, ordered: Bool, text: String) -> [String] {
        let depth = list.depth(forItemIndentedBy: indent)
        let lead = min(list.lead(forDepth: depth), width / 2)
        let shown: String
        if ordered, let delimiter = marker.last {
            shown = String(list.number(written: Int(marker.dropLast()) ?? 1)) + String(delimiter)
        } else {
            list.bulletItem()
            shown = depth % 2 == 0 ? "•" : "◦"
        }
        let column = lead + DisplayWidth.columns(of: shown) + 1
        list.setContentColumn(column)
        var prefix = [StyledRun(spaces(lead)), StyledRun(shown, .marker), StyledRun(" ")]
        var text = text
        // A task list item: its box as a glyph (`- [ ] todo`, `- [x] done`).
        for (box, glyph) in [("[ ] ", "☐ "), ("[x] ", "☑ "), ("[X] ", "☑ ")] where text.hasPrefix(box) {
            text = String(text.dropFirst(box.count))
            prefix.append(StyledRun(glyph, .marker))
        }
        return wrap(emphasis.render(Self.withoutHardBreak(text), continues: false), prefix: prefix, indent: column)
    }

    /// `text` without a trailing backslash (a hard line break: each source line is its own line already).
    static func withoutHardBreak(_ text: String) -> String {
        guard text.hasSuffix("\\"), !text.hasSuffix("\\\\") else { return text }
        return String(text.dropLast())
    }

    /// A run with the markers that carry its meaning put back: backticks around code, `~~` around struck text.
    private static func withMarkers(_ run: StyledRun) -> StyledRun {
        var text = run.text
        if run.style.contains(.code) { text = "`" + text + "`" }
        if run.style.contains(.strikethrough) { text = "~~" + text + "~~" }
        return StyledRun(text, run.style)
    }

    /// Two columns per level, at most half the width.
    func nestedIndent(_ depth: Int) -> Int {
        min(2 * depth, width / 2)
    }

    /// `runs` wrapped to the width after `prefix`, the next lines indented by `indent` spaces.
    private func wrap(_ runs: [StyledRun], prefix: [StyledRun], indent: Int) -> [String] {
        let runs = keepsMarkers ? runs.map(Self.withMarkers) : runs
        return StyledWrapper.wrap(runs, width: width, prefix: prefix, continuation: [StyledRun(spaces(indent))])
            .map { StyledRun.paint($0, theme: theme) }
    }

    func spaces(_ count: Int) -> String {
        String(repeating: " ", count: max(0, count))
    }
}
