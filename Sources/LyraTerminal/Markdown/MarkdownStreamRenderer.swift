// Streaming Markdown → terminal lines. A source line is rendered once it is complete (or at the
// end), so a line once shown is never redrawn; only tables wait, for their last row, to align.
import LyraKit

/// Renders Markdown that arrives in pieces into finished screen lines; a value with no I/O.
///
/// Feed each piece to ``append(_:)`` and print the lines it returns; call ``finish()`` at the end
/// of the text. For any split of a text into pieces the lines, put together, are those of
/// ``MarkdownRenderer/render(_:width:theme:)`` for the whole text. Text is sanitised line by line
/// (``TextSanitizer``) before it is parsed, so nothing from the source can move the cursor.
public struct MarkdownStreamRenderer: Sendable {
    /// The columns each line may take (code lines and URLs excepted); a live view sets it again
    /// before each piece, so lines committed after a resize fit the new width (``resize(to:)``).
    public private(set) var width: Int
    /// Styles the output; a theme without colour gives plain text.
    public let theme: Theme
    /// Whether the markers that carry meaning stay visible (`~~` around struck text, backticks
    /// around inline code, the fence lines of code blocks): set for a terminal without colour,
    /// where no style could show them (SPEC §9).
    public var keepsMarkers = false

    /// An open fenced code block.
    struct OpenFence {
        var marker: Character
        var length: Int
        var highlighter: CodeHighlighter
        /// The depth of the block quote the block is in (0: none); its lines then start with `>`.
        var quoteDepth = 0
    }

    /// The unfinished last source line.
    private var partial = ""
    /// Sanitises `partial` as it grows, in step with it (reset with it).
    private var partialSanitizer = StreamingTextSanitizer()
    /// What the last ``append(_:)`` added to ``unfinishedLine``, sanitised; nil when that call
    /// started a new unfinished line (or none was appended since ``finish()``).
    public private(set) var unfinishedLineAddition: String?
    /// The code block being shown, if any.
    var fence: OpenFence?
    /// The list levels open.
    var list = ListNesting()
    /// The emphasis span a paragraph's line left open for its next line (`**bold` … `continues**`).
    var emphasis = EmphasisCarry()
    /// The table being collected, if any.
    var table: MarkdownTable?
    /// A line that may be a table's header, waiting for the next line to say.
    var tableHeader: String?
    /// Whether a blank line is owed before the next output (blank lines are never shown first or last).
    private(set) var owesBlankLine = false
    /// Whether any line was output.
    private var hasOutput = false

    /// A renderer for lines of `width` columns styled by `theme`.
    public init(width: Int, theme: Theme) {
        self.width = max(1, width)
        self.theme = theme
    }

    /// Lays out the lines committed from now on at `columns` (at least 1).
    public mutating func resize(to columns: Int) {
        width = max(1, columns)
    }

    /// The unfinished last source line, sanitised: what a live preview may show until
    /// ``append(_:)`` commits it (the caller erases the preview before printing committed lines).
    public var unfinishedLine: String {
        TextSanitizer.sanitize(partial)
    }

    /// Takes the next piece of the text and returns the screen lines it completes (without `\n`).
    public mutating func append(_ text: String) -> [String] {
        let pieces = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard pieces.count > 1, let last = pieces.last else {
            partial += text
            unfinishedLineAddition = partialSanitizer.sanitize(text)
            return []
        }
        var lines: [String] = []
        for (index, piece) in pieces.dropLast().enumerated() {
            let line = String(decoding: piece, as: UTF8.self)
            lines += consume(TextSanitizer.sanitize(index == 0 ? partial + line : line))
        }
        partial = String(decoding: last, as: UTF8.self)
        partialSanitizer = StreamingTextSanitizer()
        _ = partialSanitizer.sanitize(partial)
        unfinishedLineAddition = nil
        return lines
    }

    /// Ends the text: renders the unfinished last line and whatever a table or block still holds.
    public mutating func finish() -> [String] {
        var lines: [String] = []
        emphasis.atEnd = true   // no line follows to close a span the last one opens
        if !partial.isEmpty { lines += consume(TextSanitizer.sanitize(partial)) }
        partial = ""
        partialSanitizer = StreamingTextSanitizer()
        unfinishedLineAddition = nil
        if let table {
            self.table = nil
            lines += emit(table.render(width: width, theme: theme))
        }
        if let tableHeader {
            self.tableHeader = nil
            lines += emit(render(MarkdownLine.classify(tableHeader)))
        }
        fence = nil
        list.close()
        emphasis.end()
        return lines
    }

    /// The screen lines of one complete, sanitised source line.
    private mutating func consume(_ line: String) -> [String] {
        if let fence {
            guard fence.quoteDepth > 0 else { return consumeCode(line, in: fence) }
            if let code = Self.quotedContent(of: line, depth: fence.quoteDepth) { return consumeCode(code, in: fence) }
            self.fence = nil   // the block quote ended, and the code block in it with it
        }
        if table != nil || tableHeader != nil { return continueTable(line) }
        let kind = MarkdownLine.classify(line)
        switch kind {
        case .blank:
            owesBlankLine = hasOutput
            emphasis.end()
            return []
        case .paragraph(let indent, _) where indent >= 4 && !list.isOpen:
            // An indented code block: the line as written (its indentation is meaning, in Python),
            // shown as code and never wrapped, like a fenced block's lines.
            emphasis.end()
            return emit([theme.paint(TextWrapper.expandingTabs(Substring(line)), markdown: .code)])
        case .paragraph where MarkdownTable.isRow(line):
            tableHeader = line
            return []
        default:
            return emit(render(kind))
        }
    }

    /// A line inside a code block: the closing fence ends the block, any other line is code.
    private mutating func consumeCode(_ line: String, in open: OpenFence) -> [String] {
        if case .fence(let marker, let length, _, let info) = MarkdownLine.classify(line),
           marker == open.marker, length >= open.length, info.isEmpty {
            fence = nil
            return keepsMarkers ? emit([quoteIndented(String(repeating: marker, count: length), in: open)]) : []
        }
        var current = open
        let runs = current.highlighter.highlight(TextWrapper.expandingTabs(Substring(line)))
        fence = current
        return emit([quoteIndented(StyledRun.paint(runs, theme: theme), in: open)])
    }

    /// A line after a table's header candidate or rows: a delimiter row starts the table, a row
    /// extends it; anything else shows what was held and is then taken on its own.
    private mutating func continueTable(_ line: String) -> [String] {
        if var rows = table {
            if MarkdownTable.isRow(line) {
                rows.add(line)
                table = rows
                return []
            }
            table = nil
            return emit(rows.render(width: width, theme: theme)) + consume(line)
        }
        guard let header = tableHeader else { return consume(line) }
        tableHeader = nil
        if let started = MarkdownTable(header: header, delimiter: line) {
            table = started
            emphasis.end()
            return []
        }
        return emit(render(MarkdownLine.classify(header))) + consume(line)
    }

    /// `lines` as output, after the blank line owed, if any.
    private mutating func emit(_ lines: [String]) -> [String] {
        guard !lines.isEmpty else { return [] }
        hasOutput = true
        defer { owesBlankLine = false }
        return owesBlankLine ? [""] + lines : lines
    }
}
