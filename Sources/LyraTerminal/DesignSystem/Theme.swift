// The terminal's design system (the iOS app's AppColors/AppFonts): semantic styles rendered as ANSI SGR.
// At colour level none every style is plain text, so callers never branch on colour themselves.

/// Semantic text styles for one colour level.
public struct Theme: Sendable {
    /// A semantic style; its colour and weight come from the design system.
    public enum Style: Sendable, CaseIterable {
        case accent, muted, error, warning, success, user, assistant, heading
        case diffInsert, diffDelete, prompt, code, match
    }

    /// The colour level styles are rendered for.
    public let colorLevel: ColorLevel

    /// The sequence that ends every styled span: SGR reset.
    public static let resetSequence = "\u{1B}[0m"
    /// The marker libedit's `EL_PROMPT_ESC` uses around invisible prompt characters.
    public static let promptEscapeMarker = "\u{1}"

    /// Creates a theme rendering at `colorLevel`.
    public init(colorLevel: ColorLevel) {
        self.colorLevel = colorLevel
    }

    /// A theme that never emits escape sequences.
    public static let plain = Theme(colorLevel: .none)

    /// `text` wrapped in the style's opening sequence and a reset; `text` itself at level none
    /// or when it is empty.
    public func paint(_ text: String, _ style: Style) -> String {
        let opening = openingSequence(for: style)
        guard !opening.isEmpty, !text.isEmpty else { return text }
        return opening + text + Theme.resetSequence
    }

    /// The SGR sequence that starts `style`, empty at level none.
    public func openingSequence(for style: Style) -> String {
        guard colorLevel != .none else { return "" }
        let look = Theme.look(of: style)
        var parameters = look.attributes.map(String.init)
        if let color = look.color.foregroundParameters(at: colorLevel) {
            parameters.append(color)
        }
        return "\u{1B}[" + parameters.joined(separator: ";") + "m"
    }

    // MARK: - Style table

    /// SGR attribute parameters.
    enum Attribute {
        static let bold = 1
        static let italic = 3
        static let underline = 4
        static let strikethrough = 9
    }

    /// How a style looks: SGR attributes (in order) and a foreground colour.
    struct Look {
        let attributes: [Int]
        let color: PaletteColor
    }

    /// The design system's choice for each style.
    static func look(of style: Style) -> Look {
        switch style {
        case .accent: Look(attributes: [], color: Palette.violet)
        case .muted: Look(attributes: [], color: Palette.slate)
        case .error: Look(attributes: [Attribute.bold], color: Palette.red)
        case .warning: Look(attributes: [], color: Palette.amber)
        case .success: Look(attributes: [], color: Palette.green)
        case .user: Look(attributes: [], color: Palette.sky)
        case .assistant: Look(attributes: [], color: Palette.lavender)
        case .heading: Look(attributes: [Attribute.bold], color: Palette.pink)
        case .diffInsert: Look(attributes: [Attribute.underline], color: Palette.green)
        case .diffDelete: Look(attributes: [Attribute.strikethrough], color: Palette.red)
        case .prompt: Look(attributes: [Attribute.bold], color: Palette.violet)
        case .code: Look(attributes: [], color: Palette.peach)
        case .match: Look(attributes: [Attribute.bold], color: Palette.amber)
        }
    }
}
