// One-shot Markdown rendering: the whole text through a MarkdownStreamRenderer at once.

/// Renders a complete Markdown text into screen lines.
public enum MarkdownRenderer {
    /// The screen lines (without `\n`) of `markdown` at `width` columns styled by `theme`;
    /// the same lines a ``MarkdownStreamRenderer`` gives for the text in any pieces.
    /// - Parameter keepsMarkers: keep `~~`, backticks and fences (a terminal without colour).
    public static func render(_ markdown: String, width: Int, theme: Theme, keepsMarkers: Bool = false) -> [String] {
        var renderer = MarkdownStreamRenderer(width: width, theme: theme)
        renderer.keepsMarkers = keepsMarkers
        return renderer.append(markdown) + renderer.finish()
    }
}
