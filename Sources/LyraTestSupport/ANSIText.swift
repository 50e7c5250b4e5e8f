// ANSIText: turns raw terminal output into plain text for assertions and readable failures:
// escape sequences removed, CR LF made LF, other control characters dropped.
import Foundation

/// Plain-text views of raw terminal output.
public enum ANSIText {
    private static let escape: Unicode.Scalar = "\u{1B}"

    /// `text` without ANSI escape sequences (CSI, OSC, DCS and two- or three-byte escapes),
    /// with `\r\n` turned into `\n`, and with every other control character except `\n` and
    /// `\t` removed (a lone `\r` from a line redraw disappears).
    public static func strip(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var plain = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == escape {
                index = endOfEscape(in: scalars, from: index)
                continue
            }
            if scalar == "\n" || scalar == "\t" || !isControl(scalar) {
                plain.append(scalar)
            }
            index += 1
        }
        return String(plain)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
    }

    /// The index just past the escape sequence starting at `start` (which holds ESC).
    private static func endOfEscape(in scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start + 1
        guard index < scalars.count else { return index }
        let kind = scalars[index]
        index += 1
        switch kind {
        case "[":
            // CSI: parameter and intermediate bytes, then one final byte 0x40–0x7E.
            while index < scalars.count, !(0x40...0x7E).contains(scalars[index].value) { index += 1 }
            return min(index + 1, scalars.count)
        case "]", "P", "X", "^", "_":
            // OSC, DCS, SOS, PM, APC: a string ended by BEL or ST (ESC \).
            while index < scalars.count {
                if scalars[index] == "\u{07}" { return index + 1 }
                if scalars[index] == escape, index + 1 < scalars.count, scalars[index + 1] == "\\" { return index + 2 }
                index += 1
            }
            return index
        default:
            // ESC, intermediates 0x20–0x2F (e.g. "(" of "ESC ( B"), then one final byte.
            guard (0x20...0x2F).contains(kind.value) else { return index }
            while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
            return min(index + 1, scalars.count)
        }
    }
}
