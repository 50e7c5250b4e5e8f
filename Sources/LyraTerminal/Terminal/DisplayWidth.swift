// How many terminal columns text occupies, one grapheme cluster at a time.
// Wide East Asian characters and emoji take 2 columns, marks and controls 0, everything else 1.

/// Display width of text in terminal columns, measured per grapheme cluster.
public enum DisplayWidth {
    /// The number of columns the whole string occupies (controls count 0).
    public static func columns(of text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        var total = 0
        for character in text { total += columns(of: character) }
        return total
    }

    /// `text` cut to at most `columns` display columns, ending in `…` when cut; never splits a cluster.
    public static func truncate(_ text: String, toColumns columns: Int) -> String {
        guard Self.columns(of: text) > columns else { return text }
        guard columns > 0 else { return "" }
        var result = ""
        var used = 0
        for character in text {
            let width = Self.columns(of: character)
            if used + width > columns - 1 { break }
            result.append(character)
            used += width
        }
        return result + "…"
    }

    /// `text` followed by spaces up to `columns` display columns (unchanged when already as wide).
    public static func pad(_ text: String, toColumns columns: Int) -> String {
        let missing = columns - Self.columns(of: text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }

    /// The number of columns one grapheme cluster occupies: 0, 1 or 2.
    ///
    /// Emoji (emoji presentation, an emoji with U+FE0F, ZWJ sequences, flags, skin tones) and
    /// East Asian Wide/Fullwidth characters are 2; combining marks, format characters
    /// (zero-width joiners, variation selectors) and controls are 0; anything else is 1.
    public static func columns(of character: Character) -> Int {
        if let ascii = character.asciiValue {
            return ascii < 0x20 || ascii == 0x7F ? 0 : 1
        }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if isEmojiCluster(scalars, first: first) { return 2 }
        return columns(ofLeading: first)
    }

    /// Whether a cluster is shown as an emoji: emoji presentation by default, or text-default emoji
    /// made emoji by U+FE0F; U+FE0E asks for text presentation.
    private static func isEmojiCluster(_ scalars: Character.UnicodeScalarView, first: Unicode.Scalar) -> Bool {
        var hasEmojiSelector = false
        for scalar in scalars {
            if scalar.value == 0xFE0E { return false }
            if scalar.value == 0xFE0F { hasEmojiSelector = true }
        }
        if first.properties.isEmojiPresentation { return true }
        return hasEmojiSelector && first.properties.isEmoji
    }

    /// The width decided by the first scalar of a non-emoji cluster.
    private static func columns(ofLeading scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control:
            return 0
        default:
            break
        }
        if (0x1160...0x11FF).contains(value) { return 0 }  // Hangul medial vowels and final consonants
        return isWide(value) ? 2 : 1
    }

    /// East Asian Wide and Fullwidth ranges (Unicode EastAsianWidth W/F, main blocks).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo initial consonants
        0x2329...0x232A,  // angle brackets
        0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK compatibility
        0x3400...0x4DBF,  // CJK extension A
        0x4DC0...0x4DFF,  // Yijing hexagram symbols
        0x4E00...0x9FFF,  // CJK unified ideographs
        0xA000...0xA4CF,  // Yi syllables and radicals
        0xA960...0xA97F,  // Hangul Jamo extended A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
        0xFF00...0xFF60,  // fullwidth forms
        0xFFE0...0xFFE6,  // fullwidth signs
        0x16FE0...0x16FE4,  // ideographic symbols
        0x17000...0x18CFF,  // Tangut, Khitan
        0x1AFF0...0x1B2FF,  // Kana supplement and extensions, Nushu
        0x1F200...0x1F2FF,  // enclosed ideographic supplement
        0x20000...0x2FFFD,  // CJK extensions B–F, compatibility supplement
        0x30000...0x3FFFD,  // CJK extensions G–H
    ]

    /// Whether a code point is East Asian Wide or Fullwidth.
    private static func isWide(_ value: UInt32) -> Bool {
        value >= 0x1100 && wideRanges.contains { $0.contains(value) }
    }
}
