// Emphasis across the soft line breaks of one paragraph: `**bold\ncontinues**` is one bold run.
// Lines are committed one at a time, so a line that opens a span without closing it hands the
// opener on to the paragraph's next line, which closes it there or is styled whole and hands it on.
// A paragraph that never closes the span shows its text styled to the end, without the marker
// (its lines were committed before that was known), except on the text's very last line.

/// An emphasis span left open at the end of a paragraph's line.
struct OpenEmphasis: Equatable, Sendable {
    /// The marker as written (`**`, `*`, `__`, `_`, `~~`).
    var marker: String
    /// The look the span gives its text.
    var style: MarkdownStyle
}

extension InlineMarkdown {
    /// The styled runs of `text`, one line of a paragraph (already sanitised), inside the span
    /// `open` that the paragraph's previous line left open (nil: none); on return `open` is the
    /// span this line leaves open for the next one. On the `last` line of the text nothing is left
    /// open: an unclosed marker there stays literal, as on a line of its own.
    static func render(_ text: String, style: MarkdownStyle = [], continuing open: inout OpenEmphasis?,
                       last: Bool = false) -> [StyledRun] {
        // The marker is put back in front of the line: the same matching then closes it here, or
        // finds it still open and styles the whole line.
        let source = (open?.marker ?? "") + text
        guard source.utf8.count <= maximumLength else { return [StyledRun(text, style.union(open?.style ?? []))] }
        var parser = InlineMarkdown(source)
        parser.leavesEmphasisOpen = !last
        parser.continuesEmphasis = open != nil
        let runs = parser.parse(0..<parser.characters.count, style: style)
        open = parser.leftOpen
        return StyledRun.merged(runs)
    }
}

/// The emphasis span a paragraph's lines pass on to each other in a stream renderer.
struct EmphasisCarry {
    /// The span the last line left open.
    private var open: OpenEmphasis?
    /// The block quote depth of the line that left it open (0 outside quotes).
    private var quoteDepth = 0
    /// Whether the lines rendered now are the text's last (``MarkdownStreamRenderer/finish()``):
    /// no next line can close a span they open.
    var atEnd = false

    /// The runs of `text`, a line of a paragraph (of a block quote `quoteDepth` deep, or 0); a line
    /// that does not continue the previous one (`continues` false: a list item's first line) or is
    /// at another quote depth starts with no span open.
    mutating func render(_ text: String, style: MarkdownStyle = [], quoteDepth: Int = 0, continues: Bool = true) -> [StyledRun] {
        if !continues || quoteDepth != self.quoteDepth { open = nil }
        self.quoteDepth = quoteDepth
        return InlineMarkdown.render(text, style: style, continuing: &open, last: atEnd)
    }

    /// Ends the paragraph: the next line starts with no span open.
    mutating func end() {
        open = nil
        quoteDepth = 0
        atEnd = false
    }
}
