// A strict, allocation-light JSON reader over bytes for hot paths (one stream chunk a token): it
// skips values it is not asked about and decodes the strings it is, and gives up (nil or false)
// on anything it is unsure of, so that callers can fall back to `JSONDecoder`.

/// A cursor over the bytes of one JSON document (RFC 8259, no extensions).
struct JSONByteScanner {
    /// The deepest nesting a skipped value may have before the scanner gives up.
    static let maxDepth = 32

    /// The document.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next byte is read.
    var index = 0

    /// A scanner at the start of `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Whether only whitespace is left.
    mutating func isAtEnd() -> Bool {
        skipWhitespace()
        return index == bytes.count
    }

    /// The next byte after whitespace, not consumed (nil at the end).
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    /// Consumes `byte` after whitespace; false when the next byte is another one.
    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }

    /// Reads an object key and its `:`; nil for a key with escapes (which callers treat as unsure).
    mutating func key() -> UnsafeBufferPointer<UInt8>? {
        guard consume(Self.quote) else { return nil }
        let start = index
        while index < bytes.count, bytes[index] != Self.quote {
            guard bytes[index] != Self.backslash, bytes[index] >= 0x20 else { return nil }
            index += 1
        }
        guard index < bytes.count else { return nil }
        let end = index
        index += 1
        guard consume(UInt8(ascii: ":")) else { return nil }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// After a member: true when another follows (`,`), false at `}`/`]` (`close`); nil otherwise.
    mutating func next(closing close: UInt8) -> Bool? {
        if consume(UInt8(ascii: ",")) { return true }
        return consume(close) ? false : nil
    }

    /// Reads a string value, or skips any other value and returns `.some(nil)`; nil when unsure.
    mutating func optionalString() -> String?? {
        guard peek() == Self.quote else { return skipValue() ? .some(nil) : nil }
        var scratch: [UInt8]? = []
        guard decodeString(into: &scratch), let utf8 = scratch,
              let text = String(validating: utf8, as: UTF8.self) else { return nil }
        return .some(text)
    }

    /// Reads a whole number ≥ 0 (`.some(nil)` for a value of another type); nil when unsure
    /// (negative, fractional, exponent or very long numbers are left to `JSONDecoder`).
    mutating func optionalCount() -> Int?? {
        guard let first = peek() else { return nil }
        guard Self.isDigit(first) || first == UInt8(ascii: "-") else { return skipValue() ? .some(nil) : nil }
        let start = index
        guard skipNumber() else { return nil }
        let digits = bytes[start..<index]
        guard digits.count <= 18, digits.allSatisfy(Self.isDigit) else { return nil }
        return .some(digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) })
    }

    /// Skips one value of any type, checking its syntax; false when it is not valid JSON or too deep.
    mutating func skipValue(depth: Int = 0) -> Bool {
        guard depth < Self.maxDepth, let first = peek() else { return false }
        switch first {
        case Self.quote:
            return skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return skipContainer(depth: depth)
        case UInt8(ascii: "t"): return skipLiteral("true")
        case UInt8(ascii: "f"): return skipLiteral("false")
        case UInt8(ascii: "n"): return skipLiteral("null")
        default: return skipNumber()
        }
    }

    /// Consumes `null` when it comes next.
    mutating func skipNull() -> Bool {
        peek() == UInt8(ascii: "n") && skipLiteral("null")
    }

    // MARK: - Private

    private mutating func skipContainer(depth: Int) -> Bool {
        let isObject = bytes[index] == UInt8(ascii: "{")
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        index += 1
        if consume(close) { return true }
        while true {
            if isObject {
                guard peek() == Self.quote, skipString(), consume(UInt8(ascii: ":")) else { return false }
            }
            guard skipValue(depth: depth + 1) else { return false }
            guard let more = next(closing: close) else { return false }
            if !more { return true }
        }
    }

    private mutating func skipString() -> Bool {
        var scratch: [UInt8]?
        return decodeString(into: &scratch)
    }

    private mutating func skipLiteral(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        let literal = UnsafeBufferPointer(start: word.utf8Start, count: count)
        guard bytes[index..<index + count].elementsEqual(literal) else { return false }
        index += count
        return true
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    private mutating func skipNumber() -> Bool {
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, Self.isDigit(bytes[index]) else { return false }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() else { return false }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() else { return false }
        }
        return index == bytes.count || !Self.isDigit(bytes[index])
    }

    @discardableResult
    private mutating func skipDigits() -> Bool {
        let start = index
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        return index > start
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")

    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}

extension JSONByteScanner {
    /// Reads the object at the cursor, calling `member` with the index in `keys` of each known key
    /// (the cursor then at its value, which `member` must consume) and skipping the other members.
    /// False when unsure: not an object, bad syntax, a key with escapes, or a known key twice.
    static func readObject(_ scanner: inout JSONByteScanner, keys: [[UInt8]],
                           member: (Int, inout JSONByteScanner) -> Bool) -> Bool {
        guard scanner.consume(UInt8(ascii: "{")) else { return false }
        if scanner.consume(UInt8(ascii: "}")) { return true }
        var seen: UInt64 = 0
        while true {
            guard let key = scanner.key() else { return false }
            if let known = keys.firstIndex(where: { key.elementsEqual($0) }) {
                guard seen & (1 << known) == 0, member(known, &scanner) else { return false }
                seen |= 1 << known
            } else {
                guard scanner.skipValue(depth: 1) else { return false }
            }
            guard let more = scanner.next(closing: UInt8(ascii: "}")) else { return false }
            if !more { return true }
        }
    }
}
