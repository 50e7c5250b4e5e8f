// One-shot Markdown rendering: the whole text through a MarkdownStreamRenderer at once.

/// Renders a complete Markdown text into screen lines.
public enum MarkdownRenderer {
    /// The screen lines (without `\n`) of `markdown` at `width` columns styled by `theme`;
    /// the same lines a ``MarkdownStreamRenderer`` gives for the text in any pieces.
    public static func render(_ markdown: String, width: Int, theme: Theme) -> [String] {
        var renderer = MarkdownStreamRenderer(width: width, theme: theme)
        return renderer.append(markdown) + renderer.finish()
    }
}
