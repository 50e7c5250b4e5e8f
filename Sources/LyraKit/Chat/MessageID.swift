// A message's id in memory (issue 34). Lyra's own ids are lowercase UUIDs; as strings each is a
// 36-character allocation of its own (80 bytes with its header: 4 MB in a 50,000-message session),
// so they are kept as their 128 bits instead. Any other id a session file holds (another program's,
// upper case, …) is kept as its text. Either way the id reads back exactly as it was written.

/// A message id: a lowercase UUID as its 128 bits, anything else as its text.
enum MessageID: Hashable, Sendable {
    /// A lowercase UUID (`8-4-4-4-12` hex digits): its first and last 64 bits.
    case uuid(UInt64, UInt64)
    /// Any other id, as it is.
    case text(String)

    /// The id `text`.
    init(_ text: String) {
        self = Self.uuidBits(of: text) ?? .text(text)
    }

    /// The id as text, exactly as it was given.
    var text: String {
        switch self {
        case .text(let text):
            return text
        case .uuid(let high, let low):
            return String(unsafeUninitializedCapacity: 36) { buffer in
                var position = 0
                for digit in 0..<32 {
                    if digit == 8 || digit == 12 || digit == 16 || digit == 20 {
                        buffer[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    let word = digit < 16 ? high : low
                    let nibble = UInt8(truncatingIfNeeded: word >> (60 - 4 * UInt64(digit % 16))) & 0xF
                    buffer[position] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
                    position += 1
                }
                return position
            }
        }
    }

    /// `text` as a `.uuid` when it is a lowercase UUID, else nil.
    private static func uuidBits(of text: String) -> MessageID? {
        guard text.utf8.count == 36 else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        var digits = 0
        for (offset, byte) in text.utf8.enumerated() {
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            let nibble: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            if digits < 16 { high = high << 4 | UInt64(nibble) } else { low = low << 4 | UInt64(nibble) }
            digits += 1
        }
        return .uuid(high, low)
    }
}
