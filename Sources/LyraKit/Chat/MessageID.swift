// A message's id in memory (issue 34). Message ids are UUIDs: lowercase as Lyra writes them now,
// upper case as Foundation's `uuidString` (and earlier versions of Lyra) wrote them. As strings each
// is a 36-character allocation of its own (80 bytes with its header: 4 MB in a 50,000-message
// session), so they are kept as their 128 bits and their case instead. Any other id a session file
// holds is kept as its text. Either way the id reads back exactly as it was written.
// Not through Foundation's `UUID`: it accepts mixed case, so keeping the case would take formatting
// each id again to compare, and its text is upper case only; a long session's fold writes every id and
// its read parses every one, each a pass here (docs/BENCHMARKS.md, "third pass").

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
        func digit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? UInt8(ascii: "0") + nibble : letters + nibble - 10 }
        return String(unsafeUninitializedCapacity: 36) { buffer in
            var position = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    buffer[position] = UInt8(ascii: "-")
                    position += 1
                }
                let byte = UInt8(truncatingIfNeeded: (index < 8 ? high : low) >> (56 - 8 * UInt64(index % 8)))
                buffer[position] = digit(byte >> 4)
                buffer[position + 1] = digit(byte & 0xF)
                position += 2
            }
            return position
        }
    }

    /// `text` as a UUID when it is one in a single case (digits alone count as lower case), else nil.
    private static func uuid(_ text: String) -> MessageID? {
        guard text.utf8.count == 36 else { return nil }
        var text = text
        return text.withUTF8(uuid(bytes:))
    }

    /// The 36 bytes `bytes` as a UUID when they are one in a single case, else nil.
    private static func uuid(bytes text: UnsafeBufferPointer<UInt8>) -> MessageID? {
        var high: UInt64 = 0
        var low: UInt64 = 0
        var digits = 0
        var lower = false
        var upper = false
        for (offset, byte) in text.enumerated() {
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

extension BidirectionalCollection where Element == ChatMessage {
    /// The index of the last message whose id is `id`. Compares the ids as kept, without making each
    /// message's id text: a new message's id is looked for in the whole of a long session.
    public func lastIndex(ofID id: String) -> Index? {
        let wanted = MessageID(id)
        return lastIndex { $0.storedID == wanted }
    }
}
