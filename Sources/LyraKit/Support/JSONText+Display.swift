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
    /// (the usual case: the encoders escape C0 controls and DEL) is returned as it is, checked
    /// eight bytes at a time, so a listing of 100,000 sessions is not decoded into scalars.
    public static func printable(_ json: [UInt8]) -> [UInt8] {
        let plain = json.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset + 8 <= raw.count {
                let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                // Some byte below 0x20, or above 0x7E (exact tests; the bytes are then looked at).
                let low = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
                let high = ((word &+ 0x0101_0101_0101_0101) | word) & 0x8080_8080_8080_8080
                if low | high != 0, raw[offset..<offset + 8].contains(where: isUnusual) { return false }
                offset += 8
            }
            return !raw[offset...].contains(where: isUnusual)
        }
        return plain ? json : Array(escapingControls(String(decoding: json, as: UTF8.self)).utf8)
    }

    /// A byte that is not printable ASCII, a newline, tab or carriage return.
    private static func isUnusual(_ byte: UInt8) -> Bool {
        byte >= 0x7F || (byte < 0x20 && byte != 0x0A && byte != 0x09 && byte != 0x0D)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 { return value != 0x0A && value != 0x09 && value != 0x0D ? true : false }
        return (0x7F...0x9F).contains(value) || TextSanitizer.isInvisibleFormatControl(value)
    }
}
