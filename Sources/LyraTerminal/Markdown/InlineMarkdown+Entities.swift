// HTML character references in Markdown text (`&amp;`, `&lt;`, `&#8212;`, `&#x2014;`): shown as the
// character they name. A reference to a control character, or one that is not known, stays as typed,
// so that decoding can never bring back what the sanitiser removed.
import LyraKit

extension InlineMarkdown {
    /// The named references decoded (the ones models write; others stay as typed).
    static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "copy": "©", "reg": "®",
        "trade": "™", "mdash": "—", "ndash": "–", "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“",
        "rdquo": "”", "times": "×", "divide": "÷", "deg": "°", "plusmn": "±", "middot": "·", "bull": "•",
        "larr": "←", "rarr": "→", "uarr": "↑", "darr": "↓", "euro": "€", "pound": "£", "yen": "¥", "laquo": "«",
        "raquo": "»", "para": "¶", "sect": "§",
    ]

    /// The character a reference at `index` (`&…;`, before `end`) names, and the index after its `;`.
    func entity(at index: Int, end: Int) -> (text: String, end: Int)? {
        var semicolon = index + 1
        while semicolon < end, semicolon - index <= 32, characters[semicolon] != ";" { semicolon += 1 }
        guard semicolon < end, characters[semicolon] == ";", semicolon > index + 1 else { return nil }
        let name = String(characters[(index + 1)..<semicolon])
        if let named = Self.namedEntities[name] { return (named, semicolon + 1) }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16)
            : UInt32(digits, radix: 10)
        guard let value, value >= 0x20, let scalar = Unicode.Scalar(value) else { return nil }
        let text = String(Character(scalar))
        // Only what the sanitiser would let through unchanged (no controls, no bidi overrides).
        guard TextSanitizer.sanitize(text) == text else { return nil }
        return (text, semicolon + 1)
    }
}
