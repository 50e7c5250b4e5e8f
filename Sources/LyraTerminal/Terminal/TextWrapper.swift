// Word wrap by display width: what fits in a terminal row, for CJK, emoji and Cyrillic alike.
// Explicit newlines are kept, long words are broken between grapheme clusters, lines never end in spaces.

/// Wraps text to a number of terminal columns.
public enum TextWrapper {
    /// The columns between tab stops when tabs are expanded.
    public static let tabWidth = 4

    /// Wraps `text` into lines of at most `width` display columns.
    ///
    /// Each explicit `\n` starts a new line; lines break at spaces, and the spaces at a break are
    /// dropped. Leading indentation of a line is kept, tabs become spaces up to the next multiple
    /// of ``tabWidth``. A word wider than `width` is broken between grapheme clusters, filling the
    /// current line first; a wide character is never split, so one that cannot fit (width 1) stands
    /// alone on its line.
    /// - Parameters:
    ///   - text: the text; control characters count 0 columns.
    ///   - width: the columns available; values below 1 count as 1.
    /// - Returns: the lines without newline characters; `[""]` for empty text.
    public static func wrap(_ text: String, width: Int) -> [String] {
        let limit = max(width, 1)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var builder = LineBuilder(limit: limit)
            for token in tokens(of: expandingTabs(Substring(paragraph))) {
                builder.add(token)
            }
            lines.append(contentsOf: builder.finish())
        }
        return lines
    }

    /// A run of spaces or a run of other characters, with its display width.
    fileprivate struct Token {
        var text: Substring
        var width: Int
        var isSpace: Bool
    }

    /// Splits a line into alternating runs of spaces and words.
    private static func tokens(of line: String) -> [Token] {
        var result: [Token] = []
        var start = line.startIndex
        var runWidth = 0
        var runIsSpace = false
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            let isSpace = character == " "
            if index != start && isSpace != runIsSpace {
                result.append(Token(text: line[start..<index], width: runWidth, isSpace: runIsSpace))
                start = index
                runWidth = 0
            }
            runIsSpace = isSpace
            runWidth += DisplayWidth.columns(of: character)
            index = line.index(after: index)
        }
        if start < line.endIndex {
            result.append(Token(text: line[start...], width: runWidth, isSpace: runIsSpace))
        }
        return result
    }

    /// Replaces each tab by spaces up to the next tab stop, counting display columns.
    static func expandingTabs(_ line: Substring) -> String {
        guard line.contains("\t") else { return String(line) }
        var result = ""
        var column = 0
        for character in line {
            if character == "\t" {
                let spaces = tabWidth - column % tabWidth
                result.append(String(repeating: " ", count: spaces))
                column += spaces
            } else {
                result.append(character)
                column += DisplayWidth.columns(of: character)
            }
        }
        return result
    }
}

/// Accumulates the wrapped lines of one paragraph.
private struct LineBuilder {
    let limit: Int
    var lines: [String] = []
    var current = ""
    var currentWidth = 0
    /// Spaces seen since the last word, written only if another word follows on the same line.
    var pendingSpaces: Substring = ""
    var pendingWidth = 0
    /// Whether a word has been placed yet (spaces before the first word are indentation).
    var hasWord = false

    init(limit: Int) { self.limit = limit }

    mutating func add(_ token: TextWrapper.Token) {
        if token.isSpace {
            pendingSpaces = token.text
            pendingWidth = token.width
            return
        }
        if currentWidth + pendingWidth + token.width <= limit {
            append(pendingSpaces, width: pendingWidth)
            append(token.text, width: token.width)
        } else if token.width <= limit && hasWord {
            breakLine()
            append(token.text, width: token.width)
        } else {
            breakWord(token)
        }
        pendingSpaces = ""
        pendingWidth = 0
        hasWord = true
    }

    /// Places a word wider than the line, one grapheme cluster at a time, filling the current line first.
    private mutating func breakWord(_ token: TextWrapper.Token) {
        if hasWord {
            if currentWidth + pendingWidth < limit {
                append(pendingSpaces, width: pendingWidth)
            } else {
                breakLine()
            }
        }
        for character in token.text {
            let columns = DisplayWidth.columns(of: character)
            if currentWidth + columns > limit && currentWidth > 0 {
                breakLine()
            }
            current.append(character)
            currentWidth += columns
        }
    }

    private mutating func append(_ text: Substring, width: Int) {
        current += text
        currentWidth += width
    }

    /// Ends the current line (without trailing spaces) and starts an empty one.
    private mutating func breakLine() {
        lines.append(Self.trimmingTrailingSpaces(current))
        current = ""
        currentWidth = 0
    }

    /// The paragraph's lines, the last one included.
    mutating func finish() -> [String] {
        lines.append(Self.trimmingTrailingSpaces(current))
        return lines
    }

    private static func trimmingTrailingSpaces(_ line: String) -> String {
        guard line.last == " " else { return line }
        return String(line[..<(line.lastIndex { $0 != " " }.map(line.index(after:)) ?? line.startIndex)])
    }
}
