// A message's id in memory (issue 34). Message ids are UUIDs: lowercase as Lyra writes them now,
// upper case as Foundation's `uuidString` (and earlier versions of Lyra) wrote them. As strings each
// is a 36-character allocation of its own (80 bytes with its header: 4 MB in a 50,000-message
// session), so they are kept as their 128 bits and their case instead. Any other id a session file
// holds is kept as its text. Either way the id reads back exactly as it was written.

/// A message id: a UUID in one case as its 128 bits, anything else as its text.
enum MessageID: Hashable, Sendable {
    /// A lowercase UUID (`8-4-4-4-12` hex digits): its first and last 64 bits.
    case lowercaseUUID(UInt64, UInt64)
    /// The same in upper case.
    case uppercaseUUID(UInt64, UInt64)
    /// Any other id, as it is.
    case text(String)

    /// The id `text`.
    init(_ text: String) {
        self = Self.uuid(text) ?? .text(text)
    }

    /// The id as text, exactly as it was given.
    var text: String {
        switch self {
        case .text(let text): text
        case .lowercaseUUID(let high, let low): Self.format(high, low, letters: UInt8(ascii: "a"))
        case .uppercaseUUID(let high, let low): Self.format(high, low, letters: UInt8(ascii: "A"))
        }
    }

    /// `8-4-4-4-12` hex digits of `high` then `low`, the digits above 9 from `letters`.
    private static func format(_ high: UInt64, _ low: UInt64, letters: UInt8) -> String {
        String(unsafeUninitializedCapacity: 36) { buffer in
            var position = 0
            for digit in 0..<32 {
                if digit == 8 || digit == 12 || digit == 16 || digit == 20 {
                    buffer[position] = UInt8(ascii: "-")
                    position += 1
                }
                let word = digit < 16 ? high : low
                let nibble = UInt8(truncatingIfNeeded: word >> (60 - 4 * UInt64(digit % 16))) & 0xF
                buffer[position] = nibble < 10 ? UInt8(ascii: "0") + nibble : letters + nibble - 10
                position += 1
            }
            return position
        }
    }

    /// `text` as a UUID when it is one in a single case (digits alone count as lower case), else nil.
    private static func uuid(_ text: String) -> MessageID? {
        guard text.utf8.count == 36 else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        var digits = 0
        var lower = false
        var upper = false
        for (offset, byte) in text.utf8.enumerated() {
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            let nibble: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte - UInt8(ascii: "a") + 10; lower = true
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = byte - UInt8(ascii: "A") + 10; upper = true
            default: return nil
            }
            if digits < 16 { high = high << 4 | UInt64(nibble) } else { low = low << 4 | UInt64(nibble) }
            digits += 1
        }
        switch (lower, upper) {
        case (true, true): return nil
        case (false, true): return .uppercaseUUID(high, low)
        default: return .lowercaseUUID(high, low)
        }
    }
}
