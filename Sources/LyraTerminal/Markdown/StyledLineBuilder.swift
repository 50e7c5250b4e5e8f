// Fills screen lines with styled words for StyledWrapper: spaces are kept only between words on a
// line, over-long words are broken between clusters (URLs excepted), and lines never end in spaces.

/// Accumulates the wrapped lines of one block of styled text.
struct StyledLineBuilder {
    /// The columns a line may hold.
    let limit: Int
    private var lines: [[StyledRun]] = []
    private var current: [StyledRun] = []
    private var currentWidth = 0
    /// Spaces seen since the last word, written only if another word follows on the same line.
    private var pending = StyledWrapper.Token(isSpace: true)
    /// Whether a word has been placed yet (spaces before the first word are dropped).
    private var hasWord = false

    /// A builder for lines of at most `limit` columns.
    init(limit: Int) { self.limit = limit }

    /// Places the next token.
    mutating func add(_ token: StyledWrapper.Token) {
        if token.isSpace {
            if hasWord { pending = token }
            return
        }
        if currentWidth + pending.width + token.width <= limit {
            append(pending)
            append(token)
        } else if token.width <= limit || Self.isURL(token) {
            if hasWord { breakLine() }
            append(token)
        } else {
            breakWord(token)
        }
        pending = StyledWrapper.Token(isSpace: true)
        hasWord = true
    }

    /// The lines, the last one included.
    mutating func finish() -> [[StyledRun]] {
        breakLine()
        return lines
    }

    /// Whether a word is a URL, which stays whole so that it can be selected and opened.
    private static func isURL(_ token: StyledWrapper.Token) -> Bool {
        StyledRun.plainText(of: token.pieces).contains("://")
    }

    /// Places a word wider than the line, one cluster at a time, filling the current line first.
    private mutating func breakWord(_ token: StyledWrapper.Token) {
        if hasWord {
            if currentWidth + pending.width < limit {
                append(pending)
            } else {
                breakLine()
            }
        }
        for piece in token.pieces {
            for character in piece.text {
                let columns = DisplayWidth.columns(of: character)
                if currentWidth + columns > limit && currentWidth > 0 {
                    breakLine()
                }
                current.append(StyledRun(String(character), piece.style))
                currentWidth += columns
            }
        }
    }

    private mutating func append(_ token: StyledWrapper.Token) {
        current += token.pieces
        currentWidth += token.width
    }

    /// Ends the current line (without trailing spaces) and starts an empty one.
    private mutating func breakLine() {
        while let last = current.last, last.text.last == " " {
            let kept = last.text.dropLast()
            if kept.isEmpty {
                current.removeLast()
            } else {
                current[current.count - 1].text = String(kept)
            }
        }
        lines.append(current)
        current = []
        currentWidth = 0
    }
}
