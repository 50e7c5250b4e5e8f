// The 16 standard terminal colours, the fallback when 256 colours are not available.
// Each knows its SGR foreground parameter and xterm's default RGB value for nearest-colour matching.

/// One of the 16 standard ANSI colours (indices 0–15).
public enum BasicColor: Int, Sendable, CaseIterable {
    case black, red, green, yellow, blue, magenta, cyan, white
    case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite

    /// The SGR foreground parameter: 30–37 for the normal colours, 90–97 for the bright ones.
    public var foregroundParameter: Int {
        rawValue < 8 ? 30 + rawValue : 90 + rawValue - 8
    }

    /// xterm's default value for this colour.
    public var referenceRGB: RGB {
        switch self {
        case .black: RGB(0, 0, 0)
        case .red: RGB(205, 0, 0)
        case .green: RGB(0, 205, 0)
        case .yellow: RGB(205, 205, 0)
        case .blue: RGB(0, 0, 238)
        case .magenta: RGB(205, 0, 205)
        case .cyan: RGB(0, 205, 205)
        case .white: RGB(229, 229, 229)
        case .brightBlack: RGB(127, 127, 127)
        case .brightRed: RGB(255, 0, 0)
        case .brightGreen: RGB(0, 255, 0)
        case .brightYellow: RGB(255, 255, 0)
        case .brightBlue: RGB(92, 92, 255)
        case .brightMagenta: RGB(255, 0, 255)
        case .brightCyan: RGB(0, 255, 255)
        case .brightWhite: RGB(255, 255, 255)
        }
    }
}
