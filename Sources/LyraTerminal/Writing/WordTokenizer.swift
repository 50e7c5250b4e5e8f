// Splits text into the units a word diff compares: words, runs of whitespace, and single
// punctuation marks, symbols, emoji or CJK characters. Works on grapheme clusters (Unicode-aware).
import Foundation

/// Tokenises text for ``WordDiff``; joining the tokens gives back the text exactly.
public enum WordTokenizer {
    /// What a character is, for tokenising.
    enum Kind: Equatable {
        /// Spaces, tabs, newlines: consecutive ones form one token.
        case space
        /// Letters, digits, `_` (Latin, Cyrillic, Greek, Hangul…): consecutive ones form one word.
        case word
        /// Punctuation, symbols, emoji, and ideographs or kana (scripts without spaces): one token each.
        case single
    }

    /// The tokens of `text`, in order.
    public static func tokens(_ text: String) -> [String] {
        let characters = Array(text)
        var tokens: [String] = []
        var start = 0
        while start < characters.count {
            let kind = kind(of: characters[start])
            var end = start + 1
            switch kind {
            case .single:
                break
            case .space:
                while end < characters.count, self.kind(of: characters[end]) == .space { end += 1 }
            case .word:
                while end < characters.count, continuesWord(characters, at: end) { end += 1 }
            }
            tokens.append(String(characters[start..<end]))
            start = end
        }
        return tokens
    }

    /// Whether the character at `index` belongs to the word before it: a word character, or an
    /// apostrophe between word characters (`don't`, `I'm`).
    private static func continuesWord(_ characters: [Character], at index: Int) -> Bool {
        let character = characters[index]
        if kind(of: character) == .word { return true }
        guard character == "'" || character == "’", index + 1 < characters.count else { return false }
        return kind(of: characters[index + 1]) == .word
    }

    /// The kind of `character`.
    static func kind(of character: Character) -> Kind {
        if character.isWhitespace { return .space }
        if isSpacelessScript(character) { return .single }
        if character.isLetter || character.isNumber || character == "_" { return .word }
        return .single
    }

    /// CJK ideographs and Japanese kana, which are written without spaces between words.
    private static func isSpacelessScript(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        if scalar.properties.isIdeographic { return true }
        return (0x3040...0x30FF).contains(scalar.value) || (0x31F0...0x31FF).contains(scalar.value)
    }
}
