// A small line-by-line highlighter for fenced code: keywords, string literals and comments of the
// languages in CodeLanguage. It keeps only whether a block comment is open between lines.

/// Colours the lines of one code block in order.
struct CodeHighlighter {
    /// The block's language; nil shows the code in the plain code look.
    let language: CodeLanguage?
    /// Whether a `/* … */` comment is open at the start of the next line.
    private(set) var inBlockComment = false

    /// A highlighter for a block in `language`.
    init(language: CodeLanguage?) {
        self.language = language
    }

    /// The runs of one code line: everything in the code look, with keywords, strings and comments marked.
    mutating func highlight(_ line: String) -> [StyledRun] {
        guard let language else { return [StyledRun(line, .code)] }
        let clustered = ClusteredLine(line)
        let characters = clustered.characters
        var runs: [StyledRun] = []
        var index = 0
        while index < characters.count {
            let (end, style) = token(in: characters, at: index, language: language)
            runs.append(StyledRun(clustered.text(index..<end), style))
            index = end
        }
        return StyledRun.merged(runs)
    }

    /// The end and look of the token starting at `index`.
    private mutating func token(in characters: [Character], at index: Int, language: CodeLanguage) -> (Int, MarkdownStyle) {
        let comment: MarkdownStyle = [.code, .comment]
        if inBlockComment, let close = language.blockComment?.close {
            if let found = Self.find(close, in: characters, from: index) { inBlockComment = false; return (found, comment) }
            return (characters.count, comment)
        }
        if let open = language.blockComment?.open, Self.matches(open, in: characters, at: index) {
            inBlockComment = true
            return (index + open.count, comment)
        }
        if startsLineComment(characters, at: index, language: language) { return (characters.count, comment) }
        let character = characters[index]
        if language.quotes.contains(character) {
            return (Self.stringEnd(in: characters, from: index), [.code, .string])
        }
        if character.isLetterQuickly || character == "_" {
            var end = index
            while end < characters.count, characters[end].isLetterQuickly || characters[end].isNumberQuickly || characters[end] == "_" {
                end += 1
            }
            let word = String(characters[index..<end])
            return (end, language.keywords.contains(word) ? [.code, .keyword] : .code)
        }
        return (index + 1, .code)
    }

    /// Whether a line comment starts at `index`.
    private func startsLineComment(_ characters: [Character], at index: Int, language: CodeLanguage) -> Bool {
        guard language.lineComments.contains(where: { Self.matches($0, in: characters, at: index) }) else { return false }
        return !language.commentNeedsSpaceBefore || index == 0 || characters[index - 1].isWhitespace
    }

    /// The index after the quote closing the string opened at `start` (backslash escapes skipped),
    /// or the end of the line when it is not closed.
    private static func stringEnd(in characters: [Character], from start: Int) -> Int {
        let quote = characters[start]
        var index = start + 1
        while index < characters.count {
            if characters[index] == "\\" {
                index += 2
                continue
            }
            if characters[index] == quote { return index + 1 }
            index += 1
        }
        return characters.count
    }

    /// Whether `marker` appears in `characters` at `index`.
    private static func matches(_ marker: String, in characters: [Character], at index: Int) -> Bool {
        var probe = index
        for mark in marker {
            guard probe < characters.count, characters[probe] == mark else { return false }
            probe += 1
        }
        return true
    }

    /// The index just after the first `marker` at or after `start`, nil when there is none.
    private static func find(_ marker: String, in characters: [Character], from start: Int) -> Int? {
        var index = start
        while index < characters.count {
            if matches(marker, in: characters, at: index) { return index + marker.count }
            index += 1
        }
        return nil
    }
}
