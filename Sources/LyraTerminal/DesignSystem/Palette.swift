// The colours of Lyra's design system (the iOS app's AppColors): brand gradient and semantic colours.
// RGB values are constants; 256-colour fallbacks are the nearest palette entries, 16-colour ones chosen by hand.

/// Lyra's named colours.
public enum Palette {
    // MARK: - Brand

    /// Brand violet, the gradient's start and the accent colour.
    public static let violet = PaletteColor(rgb: RGB(139, 92, 246), basic: .brightBlue)
    /// Brand pink, the gradient's middle.
    public static let pink = PaletteColor(rgb: RGB(236, 72, 153), basic: .magenta)
    /// Brand orange, the gradient's end.
    public static let orange = PaletteColor(rgb: RGB(249, 115, 22), basic: .yellow)
    /// The brand gradient, violet → pink → orange.
    public static let brandGradient: [RGB] = [violet.rgb, pink.rgb, orange.rgb]

    // MARK: - Semantic

    /// Secondary text: hints, timestamps, labels.
    public static let slate = PaletteColor(rgb: RGB(148, 163, 184), basic: .brightBlack)
    /// Errors and deletions.
    public static let red = PaletteColor(rgb: RGB(248, 113, 113), basic: .red)
    /// Warnings.
    public static let amber = PaletteColor(rgb: RGB(251, 191, 36), basic: .yellow)
    /// Success and insertions.
    public static let green = PaletteColor(rgb: RGB(74, 222, 128), basic: .green)
    /// The user's messages.
    public static let sky = PaletteColor(rgb: RGB(56, 189, 248), basic: .cyan)
    /// The assistant's messages.
    public static let lavender = PaletteColor(rgb: RGB(167, 139, 250), basic: .magenta)
    /// Code and commands.
    public static let peach = PaletteColor(rgb: RGB(251, 146, 60), basic: .brightYellow)
}
