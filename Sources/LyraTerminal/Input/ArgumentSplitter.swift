// Splits a command line into words like a shell does (single and double quotes, backslash
// escapes), remembering where each word started so a command can take "the rest of the line".
import Foundation

/// One word of a command line and where it began in the raw text.
public struct ArgumentWord: Sendable, Equatable {
    /// The word after quote removal and escapes.
    public var text: String
    /// The offset (in characters) of the word's first character in the raw line.
    public var offset: Int
}

/// Why a line could not be split.
public enum ArgumentSplitError: Error, Equatable, LocalizedError {
    /// A quote was opened and never closed.
    case unterminatedQuote(Character)

    public var errorDescription: String? {
        switch self {
        case .unterminatedQuote(let quote): return "unterminated \(quote) quote"
        }
    }
}

/// Shell-like word splitting.
public enum ArgumentSplitter {
    /// Splits `line` into words.
    /// - Throws: `ArgumentSplitError.unterminatedQuote` when a quote is left open.
    public static func split(_ line: String) throws -> [ArgumentWord] {
        var words: [ArgumentWord] = []
        var current = ""
        var start: Int?
        var quote: Character?
        var escaping = false
        for (offset, character) in line.enumerated() {
            if escaping {
                current.append(character)
                escaping = false
                continue
            }
            switch (quote, character) {
            case ("'", "'"), ("\"", "\""):
                quote = nil
            case ("'", _):
                current.append(character)
            case (_, "\\"):
                escaping = true
                if start == nil { start = offset }
            case (nil, "'"), (nil, "\""):
                quote = character
                if start == nil { start = offset }
            case (nil, _) where character.isWhitespace:
                if let begin = start { words.append(ArgumentWord(text: current, offset: begin)) }
                current = ""
                start = nil
            default:
                current.append(character)
                if start == nil { start = offset }
            }
        }
        if let quote { throw ArgumentSplitError.unterminatedQuote(quote) }
        if escaping { current.append("\\") }
        if let begin = start { words.append(ArgumentWord(text: current, offset: begin)) }
        return words
    }

    /// Shell-like words, or, when a quote is unbalanced (`/improve i can't`), words split at
    /// whitespace with quotes kept as typed: TEXT and TITLE arguments are raw text that needs no quoting.
    public static func splitLeniently(_ line: String) -> [ArgumentWord] {
        if let words = try? split(line) { return words }
        var words: [ArgumentWord] = []
        var current: ArgumentWord?
        for (offset, character) in line.enumerated() {
            if character.isWhitespace {
                if let word = current { words.append(word) }
                current = nil
            } else {
                current = ArgumentWord(text: (current?.text ?? "") + String(character), offset: current?.offset ?? offset)
            }
        }
        if let word = current { words.append(word) }
        return words
    }

    /// The words' texts.
    public static func words(_ line: String) throws -> [String] {
        try split(line).map(\.text)
    }
}
