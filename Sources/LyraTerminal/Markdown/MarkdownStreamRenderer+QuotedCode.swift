// A fenced code block inside a block quote (`> ```swift` … `> ````): its lines are taken without
// their `>` markers, keep their own indentation, and are shown as code at the quote's indentation.
// A line that is not quoted as deep ends the quote and the code block with it, as in CommonMark.

extension MarkdownStreamRenderer {
    /// `line` without the markers of a block quote `depth` deep (each `>` with up to three spaces
    /// before it and one after it), the rest as written; nil when the line is not quoted that deep.
    static func quotedContent(of line: String, depth: Int) -> String? {
        var rest = Substring(line)
        for _ in 0..<depth {
            let lead = rest.prefix { $0 == " " }.count
            guard lead <= 3 else { return nil }
            rest = rest.dropFirst(lead)
            guard rest.first == ">" else { return nil }
            rest = rest.dropFirst()
            if rest.first == " " { rest = rest.dropFirst() }
        }
        return String(rest)
    }

    /// A screen line of the code block `open`, indented as its block quote's text (an empty line stays empty).
    func quoteIndented(_ line: String, in open: OpenFence) -> String {
        guard open.quoteDepth > 0, !line.isEmpty else { return line }
        return spaces(nestedIndent(open.quoteDepth)) + line
    }
}
