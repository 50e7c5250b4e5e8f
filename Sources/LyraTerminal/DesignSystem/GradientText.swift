// Colours text character by character along a gradient (the brand's violet → pink → orange).
// 24-bit where supported, nearest 256-colour or 16-colour entries otherwise, plain at level none.

/// Renders text with a per-character colour gradient.
public enum GradientText {
    /// `text` with each visible character coloured by linear interpolation between `stops`,
    /// ending in an SGR reset.
    ///
    /// Character *i* of *n* sits at position *i/(n−1)* along the stops (the first stop for a single
    /// character). Whitespace and zero-width characters get no sequence of their own, and a
    /// sequence is written only when the colour changes. At `.ansi256` and `.basic` each colour is
    /// replaced by its nearest palette entry; at `.none`, or with no stops, `text` is returned as is.
    public static func render(_ text: String, stops: [RGB], level: ColorLevel) -> String {
        guard level != .none, !stops.isEmpty, !text.isEmpty else { return text }
        let characters = Array(text)
        var output = ""
        var lastParameters: String?
        for (index, character) in characters.enumerated() {
            if !character.isWhitespace && DisplayWidth.columns(of: character) > 0 {
                let position = characters.count > 1 ? Double(index) / Double(characters.count - 1) : 0
                let parameters = foregroundParameters(color(at: position, stops: stops), level: level)
                if parameters != lastParameters {
                    output += "\u{1B}[" + parameters + "m"
                    lastParameters = parameters
                }
            }
            output.append(character)
        }
        return lastParameters == nil ? output : output + Theme.resetSequence
    }

    /// The colour at `position` (0…1) along evenly spaced `stops`.
    public static func color(at position: Double, stops: [RGB]) -> RGB {
        guard let first = stops.first else { return RGB(0, 0, 0) }
        guard stops.count > 1 else { return first }
        let scaled = min(max(position, 0), 1) * Double(stops.count - 1)
        let segment = min(Int(scaled), stops.count - 2)
        return stops[segment].interpolated(to: stops[segment + 1], fraction: scaled - Double(segment))
    }

    /// The SGR foreground parameters for an RGB colour at a colour level above none.
    private static func foregroundParameters(_ color: RGB, level: ColorLevel) -> String {
        switch level {
        case .trueColor: "38;2;\(color.red);\(color.green);\(color.blue)"
        case .ansi256: "38;5;\(color.nearestANSI256)"
        case .basic, .none: String(color.nearestBasic.foregroundParameter)
        }
    }
}
