// Turns raw terminal bytes into picker keys: arrows (`ESC [ A`, `ESC O A`), Enter, Esc alone, `q`,
// and `j`/`k`; anything else is `other`.

/// Decodes one key at a time from a byte source.
struct PickerKeyDecoder {
    /// The key starting with `byte`; `next` gives the following byte of an escape sequence (nil
    /// when none arrives soon, which makes a lone ESC the Esc key).
    mutating func key(startingWith byte: UInt8, next: () -> UInt8?) -> PickerKey? {
        switch byte {
        case 0x0D, 0x0A: return .enter
        case UInt8(ascii: "q"), UInt8(ascii: "Q"): return .close
        case UInt8(ascii: "k"): return .up
        case UInt8(ascii: "j"): return .down
        case 0x1B: return escape(next)
        default: return .other
        }
    }

    private func escape(_ next: () -> UInt8?) -> PickerKey {
        guard let introducer = next() else { return .close }
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else { return .other }
        var final = next()
        while let current = final, (0x30 ... 0x3F).contains(current) { final = next() }
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        default: return .other
        }
    }
}
