// Fills screen lines with styled words for StyledWrapper: spaces are kept only between words on a
// line, over-long words are broken between clusters (URLs excepted), and lines never end in spaces.

/// Accumulates the wrapped lines of one block of styled text.
struct StyledLineBuilder {
    /// The columns a line may hold.
    let limit: Int
    private var lines: [[StyledWrapper.Cell]] = []
    private var current: [StyledWrapper.Cell] = []
    private var currentWidth = 0
    /// Spaces seen since the last word, written only if another word follows on the same line.
    private var pending: [StyledWrapper.Cell] = []
    /// Whether a word has been placed yet (spaces before the first word are dropped).
    private var hasWord = false

    /// A builder for lines of at most `limit` columns.
    init(limit: Int) { self.limit = limit }

    /// Places the next token.
    mutating func add(_ token: StyledWrapper.Token) {
        if token.isSpace {
            if hasWord { pending = token.cells }
            return
        }
        if currentWidth + pending.count + token.width <= limit {
            append(pending, width: pending.count)
            append(token.cells, width: token.width)
        } else if token.width <= limit || Self.isURL(token) {
            if hasWord { breakLine() }
            append(token.cells, width: token.width)
        } else {
            breakWord(token)
        }
        pending = []
        hasWord = true
    }

    /// The lines, the last one included.
    mutating func finish() -> [[StyledWrapper.Cell]] {
        breakLine()
        return lines
    }

    /// Whether a word is a URL, which stays whole so that it can be selected and opened.
    private static func isURL(_ token: StyledWrapper.Token) -> Bool {
        String(token.cells.map(\.character)).contains("://")
    }

    /// Places a word wider than the line, one cluster at a time, filling the current line first.
    private mutating func breakWord(_ token: StyledWrapper.Token) {
        if hasWord {
            if currentWidth + pending.count < limit {
                append(pending, width: pending.count)
            } else {
                breakLine()
            }
        }
        for cell in token.cells {
            let columns = DisplayWidth.columns(of: cell.character)
            if currentWidth + columns > limit && currentWidth > 0 {
                breakLine()
            }
            current.append(cell)
            currentWidth += columns
        }
    }

    private mutating func append(_ cells: [StyledWrapper.Cell], width: Int) {
        current += cells
        currentWidth += width
    }

    /// Ends the current line (without trailing spaces) and starts an empty one.
    private mutating func breakLine() {
        while current.last?.character == " " { current.removeLast() }
        lines.append(current)
        current = []
        currentWidth = 0
    }
}
