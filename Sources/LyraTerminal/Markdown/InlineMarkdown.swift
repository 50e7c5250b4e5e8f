// Inline Markdown of one source line → styled runs: emphasis, strong, strike, code spans, links,
// autolinks and backslash escapes. Markers vanish when a span closes; an unclosed one stays literal
// (except where a paragraph's next line may close it: InlineMarkdown+Carry).

/// Parses the inline Markdown of one line of text.
struct InlineMarkdown {
    /// The line, by cluster.
    let line: ClusteredLine
    /// The line's grapheme clusters.
    let characters: [Character]
    /// Whether each cluster is one ASCII character that can start no span, is no marker and no
    /// bracket (most of a line): the parse and the scans for closers step over it without
    /// asking what it is.
    let ordinary: [Bool]
    /// The code spans of the line, by the index of their opening backticks (found once, left to
    /// right, so that searching for closers never rescans the line).
    let codeSpans: [Int: CodeSpan]
    /// The index of the bracket closing each `[` and `(` of the line, found once (so that
    /// searching for a link's end never rescans the line: hostile brackets stay linear).
    let closingBrackets: [Int: Int]
    /// Emphasis matches already tried, by opener position and end of the range searched.
    var emphasisMatches: [EmphasisKey: EmphasisMatch?] = [:]
    /// How deep the parse is in nested spans and closer searches; bounded so that hostile input
    /// cannot exhaust the stack.
    var nesting = 0
    /// Whether an emphasis opener with no closer on the line styles the rest of the line instead of
    /// staying literal (a paragraph's line whose span the next line closes: InlineMarkdown+Carry).
    var leavesEmphasisOpen = false
    /// Whether the line starts with the marker of a span the previous line left open, which then
    /// styles the whole line when the line does not close it.
    var continuesEmphasis = false
    /// The span this line left open.
    var leftOpen: OpenEmphasis?

    /// Lines longer than this many characters are shown as they are, without inline Markdown,
    /// which keeps the work per line bounded (the matching is quadratic in the worst case).
    static let maximumLength = 4096
    /// The deepest nesting of spans that is still parsed; deeper markers stay literal.
    static let maximumNesting = 32

    /// The key of a tried emphasis opener.
    struct EmphasisKey: Hashable {
        var start: Int
        var end: Int
    }

    /// A code span: its text and the index just after its closing backticks.
    struct CodeSpan {
        var text: String
        var end: Int
    }

    /// A parser for one line.
    init(_ text: String) {
        line = ClusteredLine(text)
        characters = line.characters
        let offsets = line.offsets
        let bytes = Array(text.utf8)
        ordinary = characters.indices.map { index in
            offsets[index + 1] - offsets[index] == 1 && Self.isOrdinary(bytes[offsets[index]])
        }
        codeSpans = Self.findCodeSpans(in: characters, ordinary: ordinary)
        closingBrackets = Self.findClosingBrackets(in: characters, ordinary: ordinary)
    }

    /// A closed emphasis span: the inner range, where parsing resumes, and the look it adds.
    struct EmphasisMatch {
        var inner: Range<Int>
        var end: Int
        var style: MarkdownStyle
    }

    /// The styled runs of `text` (one line, already sanitised), each with `style` added.
    static func render(_ text: String, style: MarkdownStyle = []) -> [StyledRun] {
        guard text.utf8.count <= maximumLength else { return [StyledRun(text, style)] }
        var parser = InlineMarkdown(text)
        return StyledRun.merged(parser.parse(0..<parser.characters.count, style: style))
    }

    /// Parses `range` into runs carrying `style` plus the looks of the spans found.
    mutating func parse(_ range: Range<Int>, style: MarkdownStyle) -> [StyledRun] {
        nesting += 1
        defer { nesting -= 1 }
        var runs: [StyledRun] = []
        // Literal text runs from `literal` to `index`.
        var literal = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            if let (piece, next) = span(at: index, end: range.upperBound, style: style) {
                runs.append(StyledRun(line.text(literal..<index), style))
                runs += piece
                index = next
                literal = index
            } else if leavesEmphasisOpen || (continuesEmphasis && index == 0), nesting == 1,
                      let open = unclosedEmphasis(at: index, end: range.upperBound) {
                runs.append(StyledRun(line.text(literal..<index), style))
                leftOpen = open
                runs += parse((index + open.marker.count)..<range.upperBound, style: style.union(open.style))
                index = range.upperBound
                literal = index
            } else {
                index += literalLength(at: index, end: range.upperBound)
            }
            while index < range.upperBound && ordinary[index] { index += 1 }
        }
        runs.append(StyledRun(line.text(literal..<index), style))
        return runs
    }

    /// The span starting at `index` and where parsing resumes after it, nil for literal text.
    private mutating func span(at index: Int, end: Int, style: MarkdownStyle) -> ([StyledRun], Int)? {
        let canNest = nesting < Self.maximumNesting
        switch characters[index] {
        case "\\":
            guard index + 1 < end, Self.isEscapable(characters[index + 1]) else { return nil }
            return ([StyledRun(String(characters[index + 1]), style)], index + 2)
        case "`":
            guard let code = codeSpan(at: index, end: end) else { return nil }
            return ([StyledRun(code.text, style.union(.code))], code.end)
        case "*", "_", "~":
            guard canNest, let match = emphasis(at: index, end: end) else { return nil }
            return (parse(match.inner, style: style.union(match.style)), match.end)
        case "[", "!":
            return canNest ? link(at: index, end: end, style: style) : nil
        case "<":
            guard let url = autolink(at: index, end: end) else { return nil }
            return ([StyledRun(url.text, style)], url.end)
        case "&":
            guard let reference = entity(at: index, end: end) else { return nil }
            return ([StyledRun(reference.text, style)], reference.end)
        default:
            return nil
        }
    }

    /// How many characters at `index` are literal: a whole run of backticks or emphasis markers
    /// (so an unmatched `**` stays `**`), else one.
    private func literalLength(at index: Int, end: Int) -> Int {
        let character = characters[index]
        guard Self.isMarker(character) || character == "`" else { return 1 }
        return runLength(at: index, end: end)
    }

    /// Whether an ASCII byte is a character that starts no span, is no marker and no bracket (not
    /// one of `` \ ` * _ ~ [ ] ( ) ! < & ``); bytes of longer clusters are never ordinary.
    static func isOrdinary(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"),
             UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "!"),
             UInt8(ascii: "<"), UInt8(ascii: "&"):
            false
        default:
            byte < 0x80
        }
    }

    /// Whether `character` is an emphasis marker (`*`, `_`, `~`).
    static func isMarker(_ character: Character) -> Bool {
        character == "*" || character == "_" || character == "~"
    }

    /// The number of copies of the character at `index` in a row, up to `end`.
    func runLength(at index: Int, end: Int) -> Int {
        var next = index
        while next < end, characters[next] == characters[index] { next += 1 }
        return next - index
    }

    /// Whether a backslash before `character` makes it literal (ASCII punctuation).
    static func isEscapable(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return (0x21...0x2F).contains(ascii) || (0x3A...0x40).contains(ascii)
            || (0x5B...0x60).contains(ascii) || (0x7B...0x7E).contains(ascii)
    }

    /// The code span opened at `index`, when it closes before `end`.
    func codeSpan(at index: Int, end: Int) -> CodeSpan? {
        guard let span = codeSpans[index], span.end <= end else { return nil }
        return span
    }

    /// Every code span of a line: a run of backticks closed by the next run of the same length
    /// (one space stripped from each side when both have one and the text is not all spaces).
    /// A backslash outside a span makes the next character literal.
    static func findCodeSpans(in characters: [Character], ordinary: [Bool]) -> [Int: CodeSpan] {
        var spans: [Int: CodeSpan] = [:]
        var index = 0
        while index < characters.count {
            if ordinary[index] {
                index += 1
                continue
            }
            if characters[index] == "\\" {
                index += 2
                continue
            }
            guard characters[index] == "`" else {
                index += 1
                continue
            }
            let length = characters[index...].prefix { $0 == "`" }.count
            if let span = closeCodeSpan(in: characters, ordinary: ordinary, openedAt: index, length: length) {
                spans[index] = span
                index = span.end
            } else {
                index += length
            }
        }
        return spans
    }

    /// The span opened by `length` backticks at `start`, nil when no run of that length follows.
    private static func closeCodeSpan(in characters: [Character], ordinary: [Bool], openedAt start: Int, length: Int) -> CodeSpan? {
        var probe = start + length
        while probe < characters.count {
            if ordinary[probe] {
                probe += 1
                continue
            }
            let run = characters[probe...].prefix { $0 == "`" }.count
            if run == 0 {
                probe += 1
            } else if run == length {
                var content = characters[(start + length)..<probe]
                if content.count > 2, content.first == " ", content.last == " ", content.contains(where: { $0 != " " }) {
                    content = content.dropFirst().dropLast()
                }
                return CodeSpan(text: String(content), end: probe + run)
            } else {
                probe += run
            }
        }
        return nil
    }
}
