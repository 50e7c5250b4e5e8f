// A byte-level JSON scanner for the session reader: whitespace, strings (escapes, surrogate pairs,
// strict UTF-8), integers, literals, and any value skipped with a nesting limit (never recursion
// without bound). Failures carry a short reason and the byte offset.
import Foundation

/// Why a JSON text could not be read.
struct JSONScanFailure: Error, Equatable {
    /// A short, user-facing reason, e.g. `not valid JSON at byte 12`.
    var reason: String
}

/// Reads JSON tokens from a byte buffer.
struct JSONScanner {
    /// The deepest nesting of arrays and objects accepted anywhere in a document.
    static let maximumDepth = 512

    private let bytes: UnsafeRawBufferPointer
    /// The offset of the next byte to read.
    private(set) var position = 0

    /// A scanner over `bytes` (which must outlive it).
    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// A failure "not valid JSON" at the current position.
    func invalid() -> JSONScanFailure {
        JSONScanFailure(reason: "not valid JSON at byte \(position)")
    }

    /// How many bytes are left to read.
    var remainingBytes: Int { bytes.count - position }

    /// Whether everything left is whitespace.
    mutating func isAtEnd() -> Bool {
        skipWhitespace()
        return position == bytes.count
    }

    /// The next non-whitespace byte, not consumed (nil at the end).
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return position < bytes.count ? bytes[position] : nil
    }

    /// Consumes `byte` after optional whitespace; false (nothing consumed) when another byte comes.
    mutating func next(is byte: UInt8) -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Consumes `byte` or fails.
    mutating func expect(_ byte: UInt8) throws(JSONScanFailure) {
        guard next(is: byte) else { throw invalid() }
    }

    /// Consumes `null` if it comes next.
    mutating func skipNull() -> Bool { skipWhitespace(); return skip(literal: "null") }

    /// Reads `{ "key": value, … }`, handing each key to `member`, which must read the value.
    mutating func readObject(_ member: (inout JSONScanner, String) throws(JSONScanFailure) -> Void)
        throws(JSONScanFailure) {
        try expect(UInt8(ascii: "{"))
        if next(is: UInt8(ascii: "}")) { return }
        repeat {
            let key = try readString()
            try expect(UInt8(ascii: ":"))
            try member(&self, key)
        } while next(is: UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"))
    }

    /// Reads `[ value, … ]`, calling `element` to read each value.
    mutating func readArray(_ element: (inout JSONScanner) throws(JSONScanFailure) -> Void) throws(JSONScanFailure) {
        try expect(UInt8(ascii: "["))
        if next(is: UInt8(ascii: "]")) { return }
        repeat { try element(&self) } while next(is: UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"))
    }

    /// A JSON string, unescaped.
    mutating func readString() throws(JSONScanFailure) -> String {
        try expect(UInt8(ascii: "\""))
        let start = position
        var plainASCII = true
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let run = UnsafeRawBufferPointer(rebasing: bytes[start..<position])
                position += 1
                if plainASCII { return String(decoding: run, as: UTF8.self) }
                guard let text = String(validating: run, as: UTF8.self) else { throw badUTF8(from: start) }
                return text
            }
            if byte == UInt8(ascii: "\\") {
                position = start
                return try readEscapedString()
            }
            if byte < 0x20 { throw invalid() }
            if byte >= 0x80 { plainASCII = false }
            position += 1
        }
        throw invalid()
    }

    /// A number's text, as written (`42`, `-1.5e3`).
    mutating func readNumberText() throws(JSONScanFailure) -> String {
        skipWhitespace()
        let start = position
        try skipNumber()
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    /// `true` or `false`.
    mutating func readBool() throws(JSONScanFailure) -> Bool {
        skipWhitespace()
        if skip(literal: "true") { return true }
        if skip(literal: "false") { return false }
        throw invalid()
    }

    /// Skips any value, nested at most `maximumDepth - depth` further levels, and returns its text.
    mutating func readRawValue(depth: Int) throws(JSONScanFailure) -> String {
        skipWhitespace()
        let start = position
        try skipValue(depth: depth)
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    /// Skips any valid JSON value; `depth` is how deep it already is.
    mutating func skipValue(depth: Int) throws(JSONScanFailure) {
        guard let byte = peek() else { throw invalid() }
        switch byte {
        case UInt8(ascii: "\""): _ = try readString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < Self.maximumDepth else {
                throw JSONScanFailure(reason: "nested deeper than \(Self.maximumDepth) levels")
            }
            if byte == UInt8(ascii: "{") {
                try readObject { scanner, _ throws(JSONScanFailure) in try scanner.skipValue(depth: depth + 1) }
            } else {
                try readArray { scanner throws(JSONScanFailure) in try scanner.skipValue(depth: depth + 1) }
            }
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool()
        case UInt8(ascii: "n"): guard skipNull() else { throw invalid() }
        default: try skipNumber()
        }
    }

    // MARK: - Private

    private func badUTF8(from start: Int) -> JSONScanFailure {
        JSONScanFailure(reason: "invalid UTF-8 in the string at byte \(start)")
    }

    /// The slow path of `readString` for strings with escapes; `position` is just after the quote.
    private mutating func readEscapedString() throws(JSONScanFailure) -> String {
        let start = position
        var output: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: output, as: UTF8.self) else { throw badUTF8(from: start) }
                return text
            case UInt8(ascii: "\\"): try readEscape(into: &output)
            case 0..<0x20: throw invalid()
            default: output.append(byte)
            }
        }
        throw invalid()
    }

    private mutating func readEscape(into output: inout [UInt8]) throws(JSONScanFailure) {
        guard position < bytes.count else { throw invalid() }
        let escape = bytes[position]
        position += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"): output.append(contentsOf: String(Character(try readUnicodeEscape())).utf8)
        default: throw invalid()
        }
    }

    /// The scalar of `XXXX` after `\u` (with a following `\uXXXX` low surrogate when needed).
    private mutating func readUnicodeEscape() throws(JSONScanFailure) -> Unicode.Scalar {
        let high = try readHex4()
        if high < 0xD800 || high > 0xDFFF, let scalar = Unicode.Scalar(high) { return scalar }
        guard high < 0xDC00, position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
              bytes[position + 1] == UInt8(ascii: "u") else { throw invalid() }
        position += 2
        let low = try readHex4()
        guard (0xDC00...0xDFFF).contains(low),
              let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) else { throw invalid() }
        return scalar
    }

    private mutating func readHex4() throws(JSONScanFailure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw invalid() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            position += 1
            switch byte {
            case 48...57: value = value << 4 | UInt32(byte - 48)
            case 65...70: value = value << 4 | UInt32(byte - 55)
            case 97...102: value = value << 4 | UInt32(byte - 87)
            default: throw invalid()
            }
        }
        return value
    }

    /// Skips a number of the JSON grammar: `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`.
    private mutating func skipNumber() throws(JSONScanFailure) {
        _ = nextByte(is: UInt8(ascii: "-"))
        if !nextByte(is: UInt8(ascii: "0")) && skipDigits() == 0 { throw invalid() }
        if nextByte(is: UInt8(ascii: ".")), skipDigits() == 0 { throw invalid() }
        if nextByte(is: UInt8(ascii: "e")) || nextByte(is: UInt8(ascii: "E")) {
            if !nextByte(is: UInt8(ascii: "+")) { _ = nextByte(is: UInt8(ascii: "-")) }
            if skipDigits() == 0 { throw invalid() }
        }
    }

    private mutating func skipDigits() -> Int {
        let start = position
        while position < bytes.count, bytes[position] >= 48, bytes[position] <= 57 { position += 1 }
        return position - start
    }

    private mutating func skip(literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[position + offset] != literal.utf8Start[offset] { return false }
        position += count
        return true
    }

    /// Consumes `byte` with no whitespace before it.
    private mutating func nextByte(is byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }
}
