// JSON strings for `JSONByteScanner`: escapes decoded to UTF-8 (surrogate pairs joined), raw
// control characters and lone surrogates refused so that such input goes to `JSONDecoder`.

extension JSONByteScanner {
    /// Reads the string at the cursor, appending its UTF-8 to `output` (or only checking it when
    /// `output` is nil). False when it is not a string the scanner is sure of.
    mutating func decodeString(into output: inout [UInt8]?) -> Bool {
        guard consume(Self.quote) else { return false }
        while true {
            let start = index
            while index < bytes.count, bytes[index] != Self.quote, bytes[index] != Self.backslash {
                guard bytes[index] >= 0x20 else { return false }
                index += 1
            }
            guard index < bytes.count else { return false }
            output?.append(contentsOf: bytes[start..<index])
            if bytes[index] == Self.quote {
                index += 1
                return true
            }
            index += 1
            guard decodeEscape(into: &output) else { return false }
        }
    }

    /// One escape after its backslash.
    private mutating func decodeEscape(into output: inout [UInt8]?) -> Bool {
        guard index < bytes.count else { return false }
        let letter = bytes[index]
        index += 1
        let simple: UInt8?
        switch letter {
        case Self.quote, Self.backslash, UInt8(ascii: "/"): simple = letter
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default: return false
        }
        if let simple {
            output?.append(simple)
            return true
        }
        guard let scalar = unicodeEscape() else { return false }
        guard let encoded = Unicode.UTF8.encode(scalar) else { return false }
        output?.append(contentsOf: encoded)
        return true
    }

    /// The scalar of `XXXX` (after `\u`), joining a `\uD8xx\uDCxx` pair; nil for a lone surrogate.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let unit = hexQuad() else { return nil }
        switch unit {
        case 0xD800 ..< 0xDC00:
            guard bytes.count - index >= 6, bytes[index] == Self.backslash, bytes[index + 1] == UInt8(ascii: "u") else {
                return nil
            }
            index += 2
            guard let low = hexQuad(), (0xDC00 ..< 0xE000).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
        case 0xDC00 ..< 0xE000:
            return nil
        default:
            return Unicode.Scalar(unit)
        }
    }

    /// Four hex digits as a number.
    private mutating func hexQuad() -> UInt32? {
        guard bytes.count - index >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0 ..< 4 {
            let byte = bytes[index], lower = byte | 0x20
            let digit: UInt8
            if Self.isDigit(byte) {
                digit = byte - UInt8(ascii: "0")
            } else if lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "f") {
                digit = lower - UInt8(ascii: "a") + 10
            } else {
                return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
