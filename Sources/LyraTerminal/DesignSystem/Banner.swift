// The start-up banner: "Lyra" in the brand gradient, the version and a one-line tagline.
// Shown once by the REPL (not with -q, never in scripts).

/// Renders the REPL's start-up banner.
public enum Banner {
    /// The mark and product name painted with the brand gradient.
    public static let title = "✦ Lyra"
    /// The line under the name.
    public static let tagline = "AI chat, writing and video in your terminal."

    /// The banner, lines joined by `\n`, no final newline.
    ///
    /// Line 1 is ``title`` in ``Palette/brandGradient`` at `level` (24-bit, 256-colour, 16-colour or
    /// plain) followed by the version in the muted style (`v` is added before a version starting with
    /// a digit); then ``tagline`` in the muted style, wrapped to `width`.
    public static func render(version: String, width: Int, theme: Theme, level: ColorLevel) -> String {
        let shownVersion = version.first?.isNumber == true ? "v" + version : version
        var firstLine = GradientText.render(title, stops: Palette.brandGradient, level: level)
        if !shownVersion.isEmpty {
            firstLine += " " + theme.paint(shownVersion, .muted)
        }
        let taglineLines = TextWrapper.wrap(tagline, width: width).map { theme.paint($0, .muted) }
        return ([firstLine] + taglineLines).joined(separator: "\n")
    }
}
