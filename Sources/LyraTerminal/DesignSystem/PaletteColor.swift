// A design-system colour: its 24-bit value and the fallbacks for 256-colour and 16-colour terminals.
// Produces the SGR foreground parameters for a given colour level.

/// A colour of the design system with explicit fallbacks for lesser terminals.
public struct PaletteColor: Sendable, Hashable {
    /// The colour in 24-bit terminals.
    public let rgb: RGB
    /// The xterm 256-colour palette index used in 256-colour terminals.
    public let ansi256: UInt8
    /// The colour used in 16-colour terminals.
    public let basic: BasicColor

    /// Creates a colour with the given fallbacks; omitted fallbacks are the nearest palette entries.
    public init(rgb: RGB, ansi256: UInt8? = nil, basic: BasicColor? = nil) {
        self.rgb = rgb
        self.ansi256 = ansi256 ?? rgb.nearestANSI256
        self.basic = basic ?? rgb.nearestBasic
    }

    /// The SGR parameters selecting this colour as the foreground at `level`, `nil` at `.none`.
    public func foregroundParameters(at level: ColorLevel) -> String? {
        switch level {
        case .none: nil
        case .basic: String(basic.foregroundParameter)
        case .ansi256: "38;5;\(ansi256)"
        case .trueColor: "38;2;\(rgb.red);\(rgb.green);\(rgb.blue)"
        }
    }
}
