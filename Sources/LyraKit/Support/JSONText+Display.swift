// `--json` text safe to print: encoder output with every invisible or terminal-controlling scalar
// escaped as \uXXXX, so the document keeps the data and a terminal shows no control.
import Foundation

/// Turns encoded JSON into text that is safe to print and still decodes to the same values.
extension JSONText {
    /// `data` (UTF-8 JSON from `JSONEncoder` or `JSONSerialization`) as a string in which DEL,
    /// the C1 controls (U+0080–U+009F, U+009B included), bidi marks, overrides and isolates,
    /// zero-width U+200B, U+FEFF and U+2028/9 are written as `\uXXXX` escapes. These scalars can
    /// only occur inside JSON strings, where the escape means the same character.
    public static func string(from data: Data) -> String {
        escapingControls(String(decoding: data, as: UTF8.self))
    }

    /// `json` with the scalars listed in ``string(from:)`` escaped (C0 controls are escaped by
    /// the encoders already; any left are escaped too).
    public static func escapingControls(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: needsEscape) else { return json }
        var output = ""
        output.reserveCapacity(json.utf8.count + 16)
        for scalar in json.unicodeScalars {
            if needsEscape(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: false)
                output += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// `json` (UTF-8) with the same escapes as ``escapingControls(_:)``. JSON of printable ASCII
    /// (the usual case: the encoders escape C0 controls and DEL) is returned as it is.
    public static func printable(_ json: [UInt8]) -> [UInt8] {
        guard json.contains(where: isUnusual) else { return json }
        return Array(escapingControls(String(decoding: json, as: UTF8.self)).utf8)
    }

    /// A byte that is not printable ASCII, a newline, tab or carriage return.
    private static func isUnusual(_ byte: UInt8) -> Bool {
        byte >= 0x7F || (byte < 0x20 && byte != 0x0A && byte != 0x09 && byte != 0x0D)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 { return value != 0x0A && value != 0x09 && value != 0x0D }
        return (0x7F...0x9F).contains(value) || TextSanitizer.isInvisibleFormatControl(value)
    }
}
